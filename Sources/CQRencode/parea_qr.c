#include "parea_qr.h"

#include <dlfcn.h>
#include <pthread.h>
#include <qrencode.h>
#include <stdlib.h>
#include <string.h>

typedef QRcode *(*encode_function)(const char *, int, QRecLevel, QRencodeMode, int);
typedef void (*free_function)(QRcode *);

static encode_function encode;
static free_function release;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
  // The soname Debian's libqrencode4 installs; the unversioned name is the
  // -dev package's link, tried second.
  void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libqrencode.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  encode = (encode_function)dlsym(library, "QRcode_encodeString");
  release = (free_function)dlsym(library, "QRcode_free");
  if (encode == NULL || release == NULL) {
    encode = NULL;
    release = NULL;
  }
}

int parea_qr_encode(const char *text, unsigned char **modules) {
  pthread_once(&loaded, load);
  if (encode == NULL) return -1;
  QRcode *code = encode(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (code == NULL) return 0;
  int side = code->width;
  size_t count = (size_t)side * (size_t)side;
  // Copied into this program's own heap: the library's memory goes back to
  // the library's own free.
  unsigned char *copy = malloc(count);
  if (copy == NULL) {
    release(code);
    return 0;
  }
  for (size_t index = 0; index < count; index++) copy[index] = code->data[index] & 1;
  release(code);
  *modules = copy;
  return side;
}

void parea_qr_free(unsigned char *modules) { free(modules); }
