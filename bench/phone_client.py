"""A phone for the benchmark, standard library only: the WebSocket client
side of Parea's phones' server (RFC 6455, text frames, masked), enough to
say hello as the page does and read each view the laptop sends."""

import base64
import os
import select
import socket
import struct
import time


class Phone:
    def __init__(self, host, port, secret, device=None, source=None):
        """`source`: the local address to connect from (on loopback, any of
        127.0.0.0/8), as separate phones have addresses of their own: the
        server allows only a few connections from one address."""
        self.secret = secret
        self.device = device or os.urandom(16).hex()
        self.sock = socket.create_connection((host, port), timeout=10, source_address=(source, 0) if source else None)
        key = base64.b64encode(os.urandom(16)).decode()
        origin = "http://%s:%d" % (host, port)
        head = (
            "GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nOrigin: %s\r\n\r\n" % (host, port, key, origin)
        )
        self.sock.sendall(head.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        status, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        if b" 101 " not in status.split(b"\r\n")[0]:
            raise ConnectionError("handshake refused: %r" % status[:80])
        self.sock.setblocking(False)
        self.closed = None

    def fileno(self):
        return self.sock.fileno()

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        if len(data) < 126:
            header = struct.pack("!BB", 0x81, 0x80 | len(data))
        else:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, len(data))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.setblocking(True)
        self.sock.sendall(header + mask + masked)
        self.sock.setblocking(False)

    def hello(self):
        self.send("HELLO %s %s" % (self.secret, self.device))

    def _frame(self):
        """One whole frame from the buffer, or None."""
        b = self.buffer
        if len(b) < 2:
            return None
        opcode, length = b[0] & 0x0F, b[1] & 0x7F
        offset = 2
        if length == 126:
            if len(b) < 4:
                return None
            length, offset = struct.unpack("!H", b[2:4])[0], 4
        elif length == 127:
            if len(b) < 10:
                return None
            length, offset = struct.unpack("!Q", b[2:10])[0], 10
        if len(b) < offset + length:
            return None
        payload = b[offset:offset + length]
        self.buffer = b[offset + length:]
        return opcode, payload

    def pump(self):
        """Reads what is there; returns the text messages received (answers pings)."""
        messages = []
        while True:
            try:
                chunk = self.sock.recv(65536)
            except BlockingIOError:
                break
            if not chunk:
                self.closed = self.closed or "eof"
                break
            self.buffer += chunk
        while True:
            frame = self._frame()
            if frame is None:
                break
            opcode, payload = frame
            if opcode == 1:
                messages.append(payload.decode())
            elif opcode == 8:
                self.closed = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else "close"
            elif opcode == 9:
                mask = os.urandom(4)
                masked = bytes(x ^ mask[i % 4] for i, x in enumerate(payload))
                self.sock.setblocking(True)
                self.sock.sendall(struct.pack("!BB", 0x8A, 0x80 | len(payload)) + mask + masked)
                self.sock.setblocking(False)
        return messages

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def wait_messages(phones, until, timeout=10.0):
    """Pumps `phones` until `until(phone, message)` has returned True for
    each of them; returns {phone: (time, message)} of those moments."""
    done = {}
    end = time.perf_counter() + timeout
    while len(done) < len(phones) and time.perf_counter() < end:
        ready, _, _ = select.select([p for p in phones if p not in done], [], [], 0.05)
        for phone in ready:
            messages = phone.pump()
            now = time.perf_counter()
            for message in messages:
                if phone not in done and until(phone, message):
                    done[phone] = (now, message)
            # A phone the server closed stays readable forever: stop, do not spin.
            if phone.closed and phone not in done:
                raise ConnectionError(f"a phone was closed ({phone.closed}) while waiting")
    return done
