/*
** A loadable SQLite extension that stops a connection's running statement once its deadline has
** passed: wikiquery's per-request time limit. better-sqlite3 builds SQLite without the progress
** handler (SQLITE_OMIT_PROGRESS_CALLBACK), but sqlite3_interrupt may be called from any thread.
**
** Loading it into a connection adds the SQL function wikiquery_deadline(ms): ms > 0 arms the
** connection to be interrupted ms milliseconds from now (CLOCK_MONOTONIC); 0 or NULL disarms it.
** One watchdog thread per process serves every connection (each worker thread has its own):
** it sleeps until the nearest deadline, then interrupts the connections whose deadline has passed.
*/
#define _GNU_SOURCE /* dladdr */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#define NEVER INT64_MAX

typedef struct Watched Watched;
struct Watched {
  sqlite3 *db;
  int64_t deadline; /* nanoseconds on the monotonic clock; NEVER when disarmed */
  Watched *next;
};

/*
** The mutex guards everything below. The watchdog interrupts a connection only while holding it,
** and a closing connection leaves the list while holding it: a connection is never interrupted
** after SQLite has freed it.
*/
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake;
static int watchdogRunning = 0;
static Watched *watchedList = 0;
/* When the watchdog will next wake by itself: an earlier deadline must wake it sooner. */
static int64_t watchdogWakesAt = NEVER;

static int64_t monotonicNow(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static void waitUntil(int64_t when) {
#ifdef __APPLE__
  /* macOS cannot put a condition variable on the monotonic clock: wait for a duration instead. */
  int64_t left = when - monotonicNow();
  if (left < 0) left = 0;
  struct timespec duration = {left / 1000000000, left % 1000000000};
  pthread_cond_timedwait_relative_np(&wake, &mutex, &duration);
#else
  struct timespec at = {when / 1000000000, when % 1000000000};
  pthread_cond_timedwait(&wake, &mutex, &at);
#endif
}

static void *watchdog(void *unused) {
  (void)unused;
  pthread_mutex_lock(&mutex);
  for (;;) {
    int64_t now = monotonicNow();
    int64_t nearest = NEVER;
    for (Watched *w = watchedList; w; w = w->next) {
      if (w->deadline <= now) {
        sqlite3_interrupt(w->db);
        w->deadline = NEVER;
      } else if (w->deadline < nearest) {
        nearest = w->deadline;
      }
    }
    watchdogWakesAt = nearest;
    if (nearest == NEVER) pthread_cond_wait(&wake, &mutex);
    else waitUntil(nearest);
  }
  return 0;
}

/*
** The watchdog thread runs this library's code for the rest of the process, but SQLite unloads
** an extension when the last connection that loaded it closes: pin the library first.
*/
static int pinLibrary(void) {
  Dl_info self;
  if (!dladdr((void *)watchdog, &self) || !self.dli_fname) return 0;
  return dlopen(self.dli_fname, RTLD_NOW | RTLD_NODELETE) != 0;
}

static int startWatchdog(char **error) {
  if (watchdogRunning) return SQLITE_OK;
  if (!pinLibrary()) {
    *error = sqlite3_mprintf("wikiquery interrupt extension: cannot pin the library in memory");
    return SQLITE_ERROR;
  }
  pthread_condattr_t attributes;
  pthread_condattr_init(&attributes);
#ifndef __APPLE__
  pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
#endif
  pthread_cond_init(&wake, &attributes);
  pthread_condattr_destroy(&attributes);
  pthread_t thread;
  if (pthread_create(&thread, 0, watchdog, 0) != 0) {
    pthread_cond_destroy(&wake);
    *error = sqlite3_mprintf("wikiquery interrupt extension: cannot start the watchdog thread");
    return SQLITE_ERROR;
  }
  pthread_detach(thread);
  watchdogRunning = 1;
  return SQLITE_OK;
}

static void deadlineFunction(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  Watched *w = sqlite3_user_data(context);
  double ms = sqlite3_value_double(argv[0]); /* NULL reads as 0 */
  if (ms > 1e9) ms = 1e9;                     /* a million seconds: keeps the sum below NEVER */
  pthread_mutex_lock(&mutex);
  if (ms > 0) {
    w->deadline = monotonicNow() + (int64_t)(ms * 1e6);
    if (w->deadline < watchdogWakesAt) pthread_cond_signal(&wake);
  } else {
    w->deadline = NEVER;
  }
  pthread_mutex_unlock(&mutex);
  sqlite3_result_null(context);
}

/* SQLite calls it when the connection closes (or the function is replaced by a second load). */
static void unwatch(void *entry) {
  pthread_mutex_lock(&mutex);
  for (Watched **link = &watchedList; *link; link = &(*link)->next) {
    if (*link == entry) {
      *link = ((Watched *)entry)->next;
      break;
    }
  }
  pthread_mutex_unlock(&mutex);
  sqlite3_free(entry);
}

int sqlite3_interrupt_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  Watched *w = sqlite3_malloc(sizeof *w);
  if (!w) return SQLITE_NOMEM;
  w->db = db;
  w->deadline = NEVER;
  pthread_mutex_lock(&mutex);
  int rc = startWatchdog(error);
  if (rc == SQLITE_OK) {
    w->next = watchedList;
    watchedList = w;
  }
  pthread_mutex_unlock(&mutex);
  if (rc != SQLITE_OK) {
    sqlite3_free(w);
    return rc;
  }
  /* On failure SQLite calls unwatch itself. */
  return sqlite3_create_function_v2(db, "wikiquery_deadline", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, w, deadlineFunction, 0, 0, unwatch);
}
