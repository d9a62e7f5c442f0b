// libqrencode, loaded when it is first needed (see docs/DECISIONS.md, "The
// phone's link as a QR code"): the release binary is fully static, and Debian
// ships libqrencode only as a shared library, so it is opened with dlopen
// when phones are turned on, and never before.
#ifndef PAREA_QR_H
#define PAREA_QR_H

/// Encodes `text` (UTF-8) at error correction level M in the smallest version
/// that holds it. On success returns the modules per side and sets `*modules`
/// to `side × side` bytes, row by row, 1 for a dark module, to be released
/// with `parea_qr_free`. Returns 0 when the text cannot be encoded, and -1
/// when libqrencode cannot be loaded.
int parea_qr_encode(const char *text, unsigned char **modules);

/// Releases what `parea_qr_encode` returned.
void parea_qr_free(unsigned char *modules);

#endif
