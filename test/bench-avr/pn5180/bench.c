/* Test bench for the reader-bridge firmware: the REAL Mega 2560 image (firmware-bridge/build/mega/feltwire_bridge.hex) under
 * simavr, with seven PN5180 models (pn5180_model.c) on its SPI bus, each with its own NSS, BUSY, RST and RF switch,
 * as firmware-bridge/avr/board_config.h wires them. The bridge's UART0 is a pseudo-terminal (printed as
 * "PTY <path>") for the service's BridgeLink; tags arrive and leave on stdin:
 *   place <antenna> <UID hex>     14 hex digits: an ISO 14443A card (UID0 first; 8 or 20 digits: 4- or 10-byte UIDs);
 *                                   16: an ISO 15693 chip (MSB first)
 *   remove <antenna> <UID hex>    clear <antenna>     reset (latency figures)     stats     quit
 *   forget <antenna>              drops the antenna's placings and removals still waiting for their frame (cards
 *                                 lifted before their first read: rightly never reported); answered with the count
 *   fold <antenna> <step> <mid>   every card of the antenna lifted at the step-th ANTICOLLISION / SELECT frame of
 *                                 the next REQA's pass (mid 0: as the frame goes on air; 1: halfway through the
 *                                 cards' answer); answered "FOLD <sim ms> <antenna> <cards lifted>" when it happens
 * Every command is answered "ACK <sim ms> ..." on stdout; "stats" prints one JSON line "STATS {...}".
 * The harness replaces two simavr 1.6 behaviours: SPI takes 8 clock periods per byte at the programmed SPI clock
 * (simavr: a fixed 100 us), and nothing drives the INTn pins (simavr polls a low level-triggered INTn every cycle).
 * Simulated time is held to wall time (the service's heartbeat watch runs on the wall clock). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <simavr/avr_ioport.h>
#include <simavr/avr_spi.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_hex.h>
#include "pn5180_model.h"

#define ANTENNAS 24
#define READERS 7
/* board_config.h: kReaderOf, kPinNss/Busy/Reset (Mega pins -> ports), kSwitchShift */
static const int reader_of[ANTENNAS] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 0, 1, 1, 0};
static const char nss_port[READERS] = {'B', 'L', 'L', 'L', 'C', 'C', 'H'};
static const int nss_pin[READERS] = {0, 2, 3, 4, 7, 6, 6};     /* 53, 47, 46, 45, 30, 31, 9 */
static const char busy_port[READERS] = {'L', 'L', 'L', 'L', 'A', 'A', 'K'};
static const int busy_pin[READERS] = {0, 5, 6, 7, 6, 7, 5};    /* 49, 44, 43, 42, 28, 29, A13 */
static const char rst_port[READERS] = {'L', 'G', 'G', 'G', 'D', 'G', 'K'};
static const int rst_pin[READERS] = {1, 0, 1, 2, 7, 5, 6};     /* 48, 41, 40, 39, 38, 4, A14 */
static const char sw_port[READERS] = {'A', 'A', 'C', 'C', 'H', 'B', 'K'};
static const int sw_shift[READERS] = {0, 3, 0, 3, 3, 4, 2};

static avr_t* avr;
static avr_spi_t* spi;
static pn5180 pn[READERS];
static pn_antenna ants[ANTENNAS];
static double last_read[ANTENNAS], max_gap[ANTENNAS];
static avr_irq_t* busy_irq[READERS];
static uint8_t port_a, port_c, port_h, port_b, port_k;
static int master = -1;
static uint8_t spi_reply;
static int xon = 1;
static uint8_t in_q[4096];
static int in_head, in_tail;
static uint8_t out_q[65536];
static int out_len;
static struct timespec wall0;
static double reset_at; /* us of the last "reset": an antenna unread since then has been unread that long */

/* latency bookkeeping: every placed / removed tag until the bridge reports it */
typedef struct { int antenna; char uid[24]; double at; int kind; int removal; } pending_t;
static pending_t pend[4096];
static int npend;
static double lat_card_max, lat_chip_max, lat_gone_max;
static long reported_cards, reported_chips, reported_gone;
static int hb_scan_max;
static long focus_frames;
static char line_buf[256];
static int line_len;

static double now_us(void) { return (double)avr->cycle * 1e6 / avr->frequency; }

/* each reader's BUSY pin as last driven, and the latest a pin fell after the model's BUSY ended (stats: busyLateUs) */
static int busy_level[READERS];
static double busy_late_max;

static void tick_all(void) {
  const double t = now_us();
  for (int r = 0; r < READERS; r++) {
    pn[r].now = t;
    pn_tick(&pn[r]);
    if (busy_level[r] && !pn[r].busy) {
      const double due = pn[r].busy_until > pn[r].boot_done_at ? pn[r].busy_until : pn[r].boot_done_at;
      if (t - due > busy_late_max) busy_late_max = t - due;
    }
    busy_level[r] = pn[r].busy ? 1 : 0;
    avr_raise_irq(busy_irq[r], busy_level[r]);
  }
}

static avr_cycle_count_t busy_timer(avr_t* a, avr_cycle_count_t when, void* param) {
  (void)a, (void)when, (void)param;
  tick_all();
  return 0;
}

/* The timer that drops reader p's BUSY pin when the model's BUSY ends (its command done, or its boot). One timer a
 * reader, the reader its param: simavr replaces a timer registered again with the same callback and param, so with
 * one param for all (before scan12) a reader that armed its timer cancelled another's, whose pin then stayed high
 * until the next SPI byte or pin change: a firmware spinning on that BUSY saw it stuck (ANT_TIMEOUT). */
static void arm_busy(pn5180* p) {
  double until = -1;
  if (!p->booted) {
    if (!p->in_reset) until = p->boot_done_at;
  } else if (p->busy) {
    until = p->busy_until;
  }
  if (until > p->now) avr_cycle_timer_register_usec(avr, (uint32_t)(until - p->now) + 1, busy_timer, p);
}

static int selected_reader(void) {
  for (int r = 0; r < READERS; r++)
    if (pn[r].nss_low) return r;
  return -1;
}

static avr_cycle_count_t spi_done(avr_t* a, avr_cycle_count_t when, void* param) {
  (void)when, (void)param;
  spi->input_data_register = spi_reply;
  avr_raise_interrupt(a, &spi->spi); /* SPIF */
  return 0;
}

/* SPDR written by the firmware: one byte out on MOSI, the selected PN5180's byte back on MISO */
static void spdr_write(avr_t* a, avr_io_addr_t addr, uint8_t v, void* param) {
  (void)param;
  avr_regbit_clear(a, spi->spi.raised);
  avr_core_watch_write(a, addr, v);
  tick_all();
  const int r = selected_reader();
  spi_reply = r >= 0 ? pn_spi_byte(&pn[r], v) : 0xFF;
  static const int div[4] = {4, 16, 64, 128};
  const uint8_t spcr = a->data[spi->r_spcr], spsr = a->data[spi->r_spsr];
  int d = div[spcr & 3];
  if (spsr & 1) d /= 2;
  avr_cycle_timer_register(a, (avr_cycle_count_t)(8 * d), spi_done, NULL);
}

static void pin_changed(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  const int what = (int)(intptr_t)param; /* reader * 4 + role (0 nss, 1 rst) */
  const int r = what / 4;
  tick_all();
  pn[r].now = now_us();
  if (what % 4 == 0) pn_nss(&pn[r], value == 0);
  else pn_reset_pin(&pn[r], value == 0);
  tick_all();
  arm_busy(&pn[r]);
}

static void route_all(void) {
  for (int r = 0; r < READERS; r++) {
    const uint8_t reg = sw_port[r] == 'A'   ? port_a
                        : sw_port[r] == 'C' ? port_c
                        : sw_port[r] == 'H' ? port_h
                        : sw_port[r] == 'B' ? port_b
                                            : port_k;
    const int portno = (reg >> sw_shift[r]) & 7;
    int a = -1, k = 0;
    for (int i = 0; i < ANTENNAS; i++)
      if (reader_of[i] == r && k++ == portno) a = i;
    pn[r].now = now_us();
    pn_route(&pn[r], a);
  }
}

static void switch_changed(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  const int what = (int)(intptr_t)param; /* port * 8 + bit */
  uint8_t* reg = what / 8 == 0 ? &port_a : what / 8 == 1 ? &port_c : what / 8 == 2 ? &port_h : what / 8 == 3 ? &port_b : &port_k;
  const int bit = what % 8;
  *reg = (uint8_t)((*reg & ~(1u << bit)) | (value ? 1u << bit : 0));
  route_all();
}

/* ---- UART0 <-> pty ---- */

static void frame_seen(const char* l);

static void uart_out(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq, (void)param;
  if (out_len < (int)sizeof out_q) out_q[out_len++] = (uint8_t)value;
  if (value == '\n') {
    line_buf[line_len < 255 ? line_len : 255] = 0;
    if ((getenv("PN_TRACE") || getenv("PN_SPITRACE")) && strstr(line_buf, ",ERR,"))
      fprintf(stderr, "ERR %.3f %s\n", now_us() / 1000, line_buf); /* the traces' views: where an ERR went out */
    frame_seen(line_buf);
    line_len = 0;
  } else if (line_len < 255) line_buf[line_len++] = (char)value;
}

static void uart_xon(struct avr_irq_t* irq, uint32_t value, void* param) { (void)irq, (void)value, (void)param, xon = 1; }
static void uart_xoff(struct avr_irq_t* irq, uint32_t value, void* param) { (void)irq, (void)value, (void)param, xon = 0; }

/* ---- stdin commands ---- */

static int hexbytes(const char* s, uint8_t* out) {
  const int n = (int)strlen(s);
  if (n % 2) return -1;
  for (int i = 0; i < n / 2; i++) {
    unsigned v;
    if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
    out[i] = (uint8_t)v;
  }
  return n / 2;
}

/* PN_PROFILE=<file>: the firmware's program counter sampled every 50 us of simulated time, written as "pc count"
 * lines to <file>.<n> at the n-th "stats" (0 first) (a developer's view of where the MCU's time goes; avr-nm maps the addresses) */
static unsigned* prof;
static void prof_dump(void) {
  const char* f = getenv("PN_PROFILE");
  if (!f || !prof) return;
  static int n;
  char name[512];
  snprintf(name, sizeof name, "%s.%d", f, n++);
  FILE* o = fopen(name, "w");
  if (!o) return;
  for (unsigned i = 0; i < 0x40000 / 2; i++)
    if (prof[i]) fprintf(o, "%x %u\n", i * 2, prof[i]);
  fclose(o);
}

static void stats(void) {
  /* stack low-water: SRAM was painted 0xA5 before reset; .data/.bss are written by the C runtime */
  int free_start = -1, low = -1;
  for (int a = 0x200; a < 0x2200 - 16; a++) {
    int run = 1;
    for (int k = 0; k < 16 && run; k++) run = avr->data[a + k] == 0xA5;
    if (run) { free_start = a; break; }
  }
  if (free_start >= 0)
    for (low = free_start; low < 0x2200 && avr->data[low] == 0xA5; low++) {
    }
  printf("STATS {\"simMs\":%.1f,\"cardLatencyMaxMs\":%.1f,\"chipLatencyMaxMs\":%.1f,\"goneLatencyMaxMs\":%.1f,"
         "\"reportedCards\":%ld,\"reportedChips\":%ld,\"reportedGone\":%ld,\"unreported\":%d,\"hbScanMsMax\":%d,"
         "\"stackBytes\":%d,\"heapEnd\":%d,\"busyLateUs\":%.1f,\"maxGapMs\":[",
         now_us() / 1000, lat_card_max / 1000, lat_chip_max / 1000, lat_gone_max / 1000, reported_cards, reported_chips,
         reported_gone, npend, hb_scan_max, low >= 0 ? 0x2200 - low : -1, free_start, busy_late_max);
  for (int a = 0; a < ANTENNAS; a++) { /* the gap still open counts: an antenna unread since counts as unread */
    const double open = last_read[a] >= 0 ? now_us() - last_read[a] : now_us() - reset_at;
    printf("%s%.1f", a ? "," : "", (open > max_gap[a] ? open : max_gap[a]) / 1000);
  }
  long viol = 0, early = 0, badsof = 0, ex = 0, ans = 0, ov = 0;
  for (int r = 0; r < READERS; r++)
    viol += pn[r].st.violations, early += pn[r].st.early_requests, badsof += pn[r].st.bad_sof_frames,
        ex += pn[r].st.exchanges, ans += pn[r].st.answers, ov += pn[r].st.overlapped;
  printf("],\"invAirMs\":[");
  for (int a = 0; a < ANTENNAS; a++) printf("%s%.1f", a ? "," : "", pn_inv_air_last[a] / 1000);
  printf("],\"invWallMs\":[");
  for (int a = 0; a < ANTENNAS; a++) printf("%s%.1f", a ? "," : "", pn_inv_wall_last[a] / 1000);
  printf("],\"invClosed\":[");
  for (int a = 0; a < ANTENNAS; a++) printf("%s%ld", a ? "," : "", pn_inv_closed[a]);
  printf("],\"violations\":%ld,\"earlyRequests\":%ld,\"badSofFrames\":%ld,\"exchanges\":%ld,\"answers\":%ld,"
         "\"focusFrames\":%ld,\"overlapped\":%ld,\"frames\":[", viol, early, badsof, ex, ans, focus_frames, ov);
  for (int r = 0; r < READERS; r++) printf("%s%ld", r ? "," : "", pn[r].st.frames);
  printf("],\"slotLagUs\":[%.1f,%.1f],\"slotLagMaxUs\":[%.1f,%.1f],\"slotLagN\":[%ld,%ld",
         pn_lag_n[0] ? pn_lag_sum[0] / pn_lag_n[0] : 0, pn_lag_n[1] ? pn_lag_sum[1] / pn_lag_n[1] : 0, pn_lag_max[0],
         pn_lag_max[1], pn_lag_n[0], pn_lag_n[1]);
  printf("],\"readerExchanges\":[");
  for (int r = 0; r < READERS; r++) printf("%s%ld", r ? "," : "", pn[r].st.exchanges);
  printf("]}\n");
  fflush(stdout);
}

/* `after <ms> <command>`: the command runs once the simulated time has gone <ms> on (a placing at a chosen phase
 * of the readers' schedule, whatever the wall clock and the pipe do meanwhile: the bench test's seeds) */
static struct {
  double at;
  char line[64];
} later[192];
static int nlater;

static void command(char* l);

static void later_poll(void) {
  const double t = now_us();
  for (int i = 0; i < nlater;)
    if (later[i].at <= t) {
      char line[64];
      memcpy(line, later[i].line, sizeof line);
      memmove(&later[i], &later[i + 1], (size_t)(nlater - i - 1) * sizeof later[0]), nlater--;
      command(line);
    } else {
      i++;
    }
}

static void command(char* l) {
  char verb[16] = "", uidhex[32] = "";
  int a = -1;
  const int n = sscanf(l, "%15s %d %31s", verb, &a, uidhex);
  if (n >= 2 && strcmp(verb, "after") == 0 && a >= 0) {
    const char* rest = l;
    for (int k = 0; k < 2; k++) { /* past the verb and the delay */
      while (*rest == ' ') rest++;
      while (*rest && *rest != ' ') rest++;
    }
    while (*rest == ' ') rest++;
    if (!*rest || strlen(rest) >= sizeof later[0].line || nlater == (int)(sizeof later / sizeof later[0])) {
      printf("ERR bad command: %s\n", l);
      fflush(stdout);
      return;
    }
    later[nlater].at = now_us() + a * 1000.0;
    snprintf(later[nlater++].line, sizeof later[0].line, "%s", rest);
    return;
  }
  const double t = now_us();
  if (n >= 1 && strcmp(verb, "quit") == 0) {
    printf("ACK %.1f quit\n", t / 1000);
    fflush(stdout);
    exit(0);
  }
  if (n >= 1 && strcmp(verb, "stats") == 0) return prof_dump(), stats();
  if (n >= 1 && strcmp(verb, "reset") == 0) {
    if (prof) memset(prof, 0, 0x40000 / 2 * sizeof *prof);
    lat_card_max = lat_chip_max = lat_gone_max = 0;
    pn_lag_sum[0] = pn_lag_sum[1] = pn_lag_max[0] = pn_lag_max[1] = 0, pn_lag_n[0] = pn_lag_n[1] = 0;
    for (int i = 0; i < ANTENNAS; i++) max_gap[i] = 0, last_read[i] = -1;
    reset_at = t;
    hb_scan_max = 0;
    if (getenv("PN_TRACE")) fprintf(stderr, "RESET %.3f\n", t / 1000);
    printf("ACK %.1f reset\n", t / 1000);
    fflush(stdout);
    return;
  }
  if (n >= 3 && strcmp(verb, "fold") == 0 && a >= 0 && a < ANTENNAS) {
    int step = 0, mid = 0;
    if (sscanf(l, "%*s %*d %d %d", &step, &mid) < 1 || step < 1) {
      printf("ERR bad command: %s\n", l);
      fflush(stdout);
      return;
    }
    memset(&pn_fold_cfg, 0, sizeof pn_fold_cfg);
    pn_fold_cfg.antenna = a, pn_fold_cfg.step = step, pn_fold_cfg.mid = mid != 0, pn_fold_cfg.armed_at = t;
    pn_fold_cfg.armed = 1;
    printf("ACK %.1f fold %d %d %d\n", t / 1000, a, step, mid);
    fflush(stdout);
    return;
  }
  if (n >= 2 && strcmp(verb, "forget") == 0 && a >= 0 && a < ANTENNAS) {
    int dropped = 0;
    for (int i = 0; i < npend;)
      if (pend[i].antenna == a) pend[i] = pend[--npend], dropped++;
      else i++;
    printf("ACK %.1f forget %d %d\n", t / 1000, a, dropped);
    fflush(stdout);
    return;
  }
  if (n >= 2 && strcmp(verb, "clear") == 0 && a >= 0 && a < ANTENNAS) {
    ants[a].ntags = 0;
    printf("ACK %.1f clear %d\n", t / 1000, a);
    fflush(stdout);
    return;
  }
  uint8_t b[16];
  const int len = n == 3 ? hexbytes(uidhex, b) : -1;
  if (a < 0 || a >= ANTENNAS || (len != 7 && len != 8 && len != 4 && len != 10)) {
    printf("ERR bad command: %s\n", l);
    fflush(stdout);
    return;
  }
  pn_tag tag;
  memset(&tag, 0, sizeof tag);
  tag.kind = len == 8 ? 2 : 1;
  tag.len = len;
  for (int i = 0; i < len; i++) tag.uid[i] = tag.kind == 2 ? b[len - 1 - i] : b[i]; /* 15693: LSB first on air */
  for (char* c = uidhex; *c; c++) if (*c >= 'a' && *c <= 'f') *c = (char)(*c - 32);
  if (strcmp(verb, "place") == 0) {
    pn_place(ants, pn, READERS, a, &tag, t);
  } else if (strcmp(verb, "remove") == 0) {
    if (!pn_remove_live(ants, pn, READERS, a, tag.uid, tag.len, tag.kind, t)) {
      printf("ERR not there: %s\n", l);
      fflush(stdout);
      return;
    }
  } else {
    printf("ERR bad command: %s\n", l);
    fflush(stdout);
    return;
  }
  /* a 10-byte UID is never reported by a TAG (no frame carries it): the bridge's ERR FOREIGN_TAG says it */
  if (len != 10 && npend < (int)(sizeof pend / sizeof pend[0])) {
    pending_t* p = &pend[npend++];
    p->antenna = a;
    snprintf(p->uid, sizeof p->uid, "%s", uidhex);
    p->at = t;
    p->kind = tag.kind;
    p->removal = strcmp(verb, "remove") == 0;
  }
  printf("ACK %.1f %s %d %s\n", t / 1000, verb, a, uidhex);
  fflush(stdout);
}

/* a line the firmware sent: settles pending placements (TAG, INV listing it) and removals (GONE) */
static void settle(int antenna, const char* uid, int removal) {
  const double t = now_us();
  for (int i = 0; i < npend; i++) {
    pending_t* p = &pend[i];
    if (p->antenna != antenna || p->removal != removal || strcmp(p->uid, uid) != 0) continue;
    const double lat = t - p->at;
    if (removal) {
      if (lat > lat_gone_max) lat_gone_max = lat;
      reported_gone++;
    } else if (p->kind == 1) {
      if (lat > lat_card_max) lat_card_max = lat;
      reported_cards++;
    } else {
      if (lat > lat_chip_max) lat_chip_max = lat;
      reported_chips++;
    }
    pend[i] = pend[--npend];
    return;
  }
}

static void frame_seen(const char* l) {
  char type[8] = "";
  int seq, a = -1;
  char rest[200] = "";
  if (l[0] != '$' || sscanf(l, "$%d,%7[A-Z],%d,%199[^*]", &seq, type, &a, rest) < 2) return;
  if (strcmp(type, "HB") == 0) {
    int up, scan;
    if (sscanf(l, "$%d,HB,%d,%d", &seq, &up, &scan) == 3 && scan > hb_scan_max) hb_scan_max = scan;
    return;
  }
  if (strcmp(type, "TAG") == 0 || strcmp(type, "GONE") == 0) {
    char uid[24] = "";
    if (sscanf(rest, "%23[0-9A-F]", uid) == 1) settle(a, uid, type[0] == 'G');
    return;
  }
  if (strcmp(type, "INV") == 0) {
    char* save = NULL;
    char list[200];
    snprintf(list, sizeof list, "%s", rest);
    char* comma = strchr(list, ',');
    if (comma) *comma = 0;
    for (char* u = strtok_r(list, " ", &save); u; u = strtok_r(NULL, " ", &save)) settle(a, u, 0);
  }
}

static void io_poll(void) {
  later_poll();
  if (out_len > 0 && master >= 0) {
    const ssize_t w = write(master, out_q, (size_t)out_len);
    if (w > 0) memmove(out_q, out_q + w, (size_t)(out_len - w)), out_len -= (int)w;
    else if (w < 0 && errno != EAGAIN) out_len = 0; /* nobody on the other end: the bytes are lost, as on a cable */
  }
  if (master >= 0 && in_tail - in_head < 1024) {
    uint8_t b[512];
    const ssize_t r = read(master, b, sizeof b);
    for (ssize_t i = 0; i < r; i++) {
      in_q[(in_tail++) % sizeof in_q] = b[i];
      /* the service's frames, for the figures: FOCUS lines seen */
      static char sl[200];
      static int sn;
      if (b[i] == '\n') {
        sl[sn] = 0;
        if (strstr(sl, ",FOCUS")) focus_frames++;
        sn = 0;
      } else if (sn < 199) sl[sn++] = (char)b[i];
    }
  }
  while (xon && in_head != in_tail) {
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), in_q[(in_head++) % sizeof in_q]);
    break; /* one byte per poll (every 50 us, faster than 115200 baud): the UART's fifo paces the rest */
  }
  static char cmd[256];
  static int cmdlen;
  struct pollfd pf = {0, POLLIN, 0};
  if (poll(&pf, 1, 0) > 0) {
    char c;
    while (read(0, &c, 1) == 1) {
      if (c == '\n') {
        cmd[cmdlen] = 0;
        command(cmd);
        cmdlen = 0;
      } else if (cmdlen < 255) cmd[cmdlen++] = c;
      if (poll(&pf, 1, 0) <= 0) break;
    }
  }
}

/* a fold went off inside the model: its cards are removals the bridge must report (GONE) */
static void fold_poll(void) {
  pn_fold* f = &pn_fold_cfg;
  if (!f->fired) return;
  f->fired = 0;
  for (int i = 0; i < f->nremoved && npend < (int)(sizeof pend / sizeof pend[0]); i++) {
    pending_t* p = &pend[npend++];
    p->antenna = f->antenna;
    for (int k = 0; k < f->removed[i].len; k++) sprintf(p->uid + 2 * k, "%02X", f->removed[i].uid[k]);
    p->at = f->fired_at;
    p->kind = 1;
    p->removal = 1;
  }
  printf("FOLD %.1f %d %d\n", f->fired_at / 1000, f->antenna, f->nremoved);
  fflush(stdout);
}

static avr_cycle_count_t periodic(avr_t* a, avr_cycle_count_t when, void* param) {
  (void)param;
  if (prof && a->pc < 0x40000) {
    /* PN_LAGPROF: only the samples where a chip reader's slot outcome is known to the host and its next slot not sent */
    static int lag = -1; /* PN_LAGPROF=<reader>: that chip reader's slots only (1: any) */
    if (lag < 0) lag = getenv("PN_LAGPROF") ? atoi(getenv("PN_LAGPROF")) : 0;
    int due = !lag;
    for (int r = 2; r < READERS && !due; r++)
      due = (lag < 2 || r == lag) && pn_due_at[r] > 0 && now_us() > pn_due_at[r] && pn[r].rf_on;
    if (due) prof[a->pc / 2]++;
  }
  fold_poll();
  io_poll();
  tick_all();
  /* hold simulated time to the wall clock */
  struct timespec w;
  clock_gettime(CLOCK_MONOTONIC, &w);
  const double wall = (w.tv_sec - wall0.tv_sec) * 1e6 + (w.tv_nsec - wall0.tv_nsec) / 1e3;
  const double sim = now_us();
  if (sim > wall + 2000) {
    struct timespec d = {0, (long)((sim - wall) * 1000)};
    nanosleep(&d, NULL);
  }
  return when + (avr_cycle_count_t)(a->frequency / 20000); /* every 50 us */
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s firmware.hex\n", argv[0]);
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  uint32_t size = 0, start = 0;
  uint8_t* flash = read_ihex_file(argv[1], &size, &start);
  if (!flash) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  avr = avr_make_mcu_by_name("atmega2560");
  if (!avr) return 1;
  avr_init(avr);
  avr->frequency = 16000000;
  avr->log = LOG_ERROR;
  memcpy(avr->flash + start, flash, size);
  avr->codeend = avr->flashend;
  avr->pc = start;
  free(flash);
  memset(avr->data + 0x200, 0xA5, 0x2000); /* paint SRAM: the stack's low-water mark */

  for (avr_io_t* io = avr->io_port; io; io = io->next)
    if (io->kind && strcmp(io->kind, "spi") == 0) spi = (avr_spi_t*)io;
  if (!spi) return 1;
  /* our SPDR write handler replaces simavr's (a fixed 100 us per byte) */
  avr->io[AVR_DATA_TO_IO(spi->r_spdr)].w.c = spdr_write;
  avr->io[AVR_DATA_TO_IO(spi->r_spdr)].w.param = NULL;

  for (int a = 0; a < ANTENNAS; a++) last_read[a] = -1;
  for (int r = 0; r < READERS; r++) {
    pn_init(&pn[r], r, ants, last_read, max_gap);
    busy_irq[r] = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(busy_port[r]), busy_pin[r]);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(nss_port[r]), nss_pin[r]), pin_changed,
                            (void*)(intptr_t)(r * 4));
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(rst_port[r]), rst_pin[r]), pin_changed,
                            (void*)(intptr_t)(r * 4 + 1));
    pn[r].nss_low = 0;
  }
  for (int b = 0; b < 6; b++) {
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('A'), b), switch_changed, (void*)(intptr_t)b);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), b), switch_changed, (void*)(intptr_t)(8 + b));
  }
  for (int b = 3; b < 6; b++)
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('H'), b), switch_changed, (void*)(intptr_t)(16 + b));
  for (int b = 4; b < 7; b++)
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), b), switch_changed, (void*)(intptr_t)(24 + b));
  for (int b = 2; b < 5; b++)
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('K'), b), switch_changed, (void*)(intptr_t)(32 + b));

  uint32_t f = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &f);
  f &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &f);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_out, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), uart_xon, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), uart_xoff, NULL);

  int slave;
  char name[128];
  if (openpty(&master, &slave, name, NULL, NULL) < 0) {
    perror("openpty");
    return 1;
  }
  struct termios tio;
  tcgetattr(slave, &tio);
  cfmakeraw(&tio);
  tcsetattr(slave, TCSANOW, &tio);
  tcgetattr(master, &tio);
  cfmakeraw(&tio);
  tcsetattr(master, TCSANOW, &tio);
  fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
  printf("PTY %s\n", name);
  fflush(stdout);

  if (getenv("PN_PROFILE")) prof = calloc(0x40000 / 2, sizeof *prof);
  clock_gettime(CLOCK_MONOTONIC, &wall0);
  avr_cycle_timer_register(avr, 800, periodic, NULL);
  for (;;) {
    const int state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed) {
      fprintf(stderr, "avr stopped: state %d at pc 0x%x\n", state, avr->pc);
      stats();
      return 1;
    }
  }
}
