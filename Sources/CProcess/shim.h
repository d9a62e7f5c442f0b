// What the narrator's voice needs of Linux that Swift cannot call itself:
// `prctl` is variadic, and Swift does not import variadic C functions.
#ifndef PAREA_CPROCESS_SHIM_H
#define PAREA_CPROCESS_SHIM_H

#ifdef __linux__
#include <sys/prctl.h>
#endif

// Makes this process a "child subreaper": a process started from it whose
// parent ends (an espeak-ng wrapper that forks a player and exits, even one
// that starts its own session) becomes this process's child instead of
// init's, so it can still be found, killed and reaped. 0 on success, -1 where
// the system has no such thing (errno says why).
static inline int parea_become_child_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
  return -1;
#endif
}

#endif
