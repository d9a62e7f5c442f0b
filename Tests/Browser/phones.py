#!/usr/bin/env python3
"""Several phones at once, for Parea's end-to-end tests.

Each phone is a headless Chromium with a profile of its own and a phone-sized
window (390×844), driven by selenium. The Swift test sends one JSON command a
line on standard input and reads one JSON answer a line on standard output:

  {"op": "open", "phone": "a", "url": "..."}     a new phone opens the link
  {"op": "get", "phone": "a", "url": "..."}      the phone opens another address
  {"op": "reload", "phone": "a"}
  {"op": "text", "phone": "a", "id": "role"}     an element's visible text
  {"op": "click", "phone": "a", "id": "toggle"}
  {"op": "js", "phone": "a", "script": "return ..."}
  {"op": "shot", "phone": "a", "path": "..."}    a screenshot (PNG)
  {"op": "width", "phone": "a", "width": 320}    the phone's screen as wide as that (CSS px)
  {"op": "measure", "phone": "a", "width": 320, "script": "return ..."}
                                                 that width, then the script's value once the
                                                 page has drawn itself again (two frames later)
  {"op": "close", "phone": "a"}
  {"op": "quit"}

Selenium is told where chromedriver is, so it never tries to fetch a browser.

Every phone records what its page's sockets receive, before the page runs:
`window.pareaLog` holds each message with how many messages the page had
sent (its taps and looks) when it came, so a test can tell a message the
phone's own tap caused from one it was sent unasked; `window.pareaSocket` is
the page's last socket, for a test that sends what a hostile page would.
"""
import json
import os
import sys
import tempfile

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

phones = {}

RECORDER = """
(function () {
  var Native = window.WebSocket, sent = 0;
  window.pareaLog = [];
  function Recorded(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    var send = socket.send.bind(socket);
    socket.send = function (data) { if (!/^HELLO /.test(String(data))) sent++; return send(data); };
    socket.addEventListener("message", function (event) { window.pareaLog.push({ sent: sent, data: String(event.data) }); });
    window.pareaSocket = socket;
    return socket;
  }
  Recorded.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Recorded[name] = Native[name]; });
  window.WebSocket = Recorded;
})();
"""


# Runs a script's body once the page has been through two frames (its resize
# handler has run and it has drawn itself), or after half a second at most.
# (The body goes into the script itself: the page's policy forbids eval.)
AFTER_FRAMES = """
var done = arguments[arguments.length - 1], fired = false;
function measure() { BODY }
function go() { if (fired) return; fired = true; setTimeout(function () { done(measure()); }, 0); }
requestAnimationFrame(function () { requestAnimationFrame(go); });
setTimeout(go, 500);
"""


def metrics(driver, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
profiles = tempfile.mkdtemp(prefix="parea-phones-")


def chromedriver():
    for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"):
        if os.path.exists(path):
            return path
    raise RuntimeError("chromedriver is not installed (scripts/setup --test installs chromium-driver)")


def open_phone(name, url):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=390,844", "--no-first-run", "--disable-extensions",
                     "--user-data-dir=" + os.path.join(profiles, name)):
        options.add_argument(argument)
    for binary in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(binary):
            options.binary_location = binary
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver()), options=options)
    driver.set_page_load_timeout(20)
    # The visible area as a phone's, whatever the browser's own frame takes.
    metrics(driver, 390)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    phones[name] = driver
    driver.get(url)


def run(command):
    op = command["op"]
    if op == "quit":
        return {"ok": True}
    name = command.get("phone")
    if op == "open":
        open_phone(name, command["url"])
        return {"ok": True}
    driver = phones[name]
    if op == "get":
        driver.get(command["url"])
    elif op == "reload":
        driver.refresh()
    elif op == "text":
        return {"text": driver.find_element(By.ID, command["id"]).text}
    elif op == "click":
        driver.find_element(By.ID, command["id"]).click()
    elif op == "js":
        return {"value": driver.execute_script(command["script"])}
    elif op == "shot":
        driver.save_screenshot(command["path"])
    elif op == "width":
        metrics(driver, int(command["width"]))
    elif op == "measure":
        metrics(driver, int(command["width"]))
        driver.set_script_timeout(10)
        return {"value": driver.execute_async_script(AFTER_FRAMES.replace("BODY", command["script"]))}
    elif op == "close":
        driver.quit()
        del phones[name]
    else:
        return {"error": "unknown op " + op}
    return {"ok": True}


def main():
    try:
        for line in sys.stdin:
            command = json.loads(line)
            try:
                answer = run(command)
            except Exception as error:  # the test reads the error and fails with it
                answer = {"error": type(error).__name__ + ": " + str(error)}
            print(json.dumps(answer), flush=True)
            if command["op"] == "quit":
                break
    finally:
        for driver in phones.values():
            try:
                driver.quit()
            except Exception:
                pass


if __name__ == "__main__":
    main()
