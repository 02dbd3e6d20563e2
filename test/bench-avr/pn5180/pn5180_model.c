/* PN5180 model: see pn5180_model.h. Datasheet references are to the NXP PN5180 product data sheet (host interface:
 * SPI frames, BUSY; register map; LOAD_RF_CONFIG; transceive state machine) and NXP's reader library semantics for
 * RX_STATUS (RX_COLL_POS counts the RX_BIT_ALIGN bits). */
#include "pn5180_model.h"
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

enum { SYSTEM_CONFIG = 0x00, IRQ_ENABLE = 0x01, IRQ_STATUS = 0x02, IRQ_CLEAR = 0x03, CRC_RX_CONFIG = 0x12,
       RX_STATUS = 0x13, TX_CONFIG = 0x18, CRC_TX_CONFIG = 0x19 };
enum { IRQ_RX = 1u << 0, IRQ_TX = 1u << 1, IRQ_IDLE = 1u << 2, IRQ_TX_RFON = 1u << 9, IRQ_RX_SOF = 1u << 14 };
#define TX_DATA_ENABLE (1u << 10)
#define TX_START_SHIFT 6

static const double FC = 13.56; /* MHz: cycles per us */
#define BIT14443 (128.0 / FC)   /* 9.44 us */
#define FDT14443 ((9 * 128 + 84) / FC) /* ISO/IEC 14443-3 6.2.1.1, n = 9: 91.2 us */
#define T1_15693 (4320 / FC)    /* ISO/IEC 15693-3 9.1: 318.6 us */
#define T2_15693 (4192 / FC)    /* 309 us */
#define BYTE_VCD_15693 302.08   /* 1-out-of-4 */
#define SOF_VCD_15693 75.52
#define EOF_VCD_15693 37.76
#define BIT_VICC_15693 37.76    /* high data rate, one subcarrier */
#define SOF_VICC_15693 151.04
#define SETTLE_14443 5100.0     /* ISO/IEC 14443-3: unmodulated field before the first REQA */
#define SETTLE_15693 1000.0     /* ISO/IEC 15693-3: VICC ready 1 ms after the field */
#define BOOT_US 2500.0

static uint16_t crc_a(const uint8_t* d, int n) { /* ISO/IEC 14443-3 CRC_A: 0x6363 init, reflected 0x8408 */
  uint16_t c = 0x6363;
  for (int i = 0; i < n; i++) {
    uint8_t b = d[i] ^ (uint8_t)c;
    b ^= (uint8_t)(b << 4);
    c = (uint16_t)((c >> 8) ^ ((uint16_t)b << 8) ^ ((uint16_t)b << 3) ^ (b >> 4));
  }
  return c;
}

/* per reader: when its last frame or answer leaves the air (us), for the overlap count */
static double g_air_end[8];
pn_fold pn_fold_cfg;
double pn_inv_air_cur[64], pn_inv_air_last[64];
static double inv_from[64], inv_to[64];
double pn_inv_wall_last[64];
long pn_inv_closed[64];
double pn_due_at[8];
double pn_lag_sum[2], pn_lag_max[2];
long pn_lag_n[2];
static double g_slot_due[8]; /* the last 16-slot round slot's outcome time (pn_due_at, kept after the host's look) */
static int g_slot_ans[8];
static int g_fold_cut; /* the frame being sent is the armed fold's, mid-answer: cut its answer once computed */

static void responder(pn5180* p, const pn_tag* t) {
  if (p->nresp < 4) memcpy(p->rsp_uid[p->nresp], t->uid, 10), p->rsp_len[p->nresp] = t->len;
  p->nresp++;
}

/* lifts every card of the fold's antenna (the harness reports them as removals) */
static void fold_lift(pn5180* p, pn_antenna* ant) {
  pn_fold* f = &pn_fold_cfg;
  f->armed = 0;
  f->fired = 1;
  f->fired_at = p->now;
  f->nremoved = 0;
  for (int i = 0; i < ant->ntags;) {
    if (ant->tags[i].kind == 1 && f->nremoved < 8) {
      f->removed[f->nremoved++] = ant->tags[i];
      ant->tags[i] = ant->tags[--ant->ntags];
    } else i++;
  }
}

void pn_init(pn5180* p, int id, pn_antenna* ants, double* last_read, double* max_gap) {
  memset(p, 0, sizeof *p);
  p->id = id;
  p->ants = ants;
  p->last_read = last_read;
  p->max_gap = max_gap;
  p->rf_config = -1;
  p->antenna = -1;
  p->slot = -1;
  p->in_reset = 0;
  p->booted = 0;
  p->busy = 1;
  p->boot_done_at = BOOT_US; /* power-on reset */
}

static void set_busy(pn5180* p, double us) {
  p->busy = 1;
  if (p->now + us > p->busy_until) p->busy_until = p->now + us;
}

int pn_busy(pn5180* p) {
  pn_tick(p);
  return p->busy;
}

static void power(pn5180* p, int on) {
  if (p->antenna < 0) return;
  pn_antenna* a = &p->ants[p->antenna];
  for (int i = 0; i < a->ntags; i++) {
    a->tags[i].powered_at = on ? p->rf_on_at : -1;
    a->tags[i].state = 0;
    a->tags[i].level = 1;
  }
}

void pn_route(pn5180* p, int a) {
  if (a == p->antenna) return;
  if (p->rf_on) power(p, 0);
  p->antenna = a;
  if (p->rf_on) {
    p->rf_on_at = p->now;
    power(p, 1);
  }
}

void pn_reset_pin(pn5180* p, int low) {
  if (low) {
    if (p->rf_on) power(p, 0);
    p->in_reset = 1;
    p->booted = 0;
    p->busy = 1;
    p->rf_on = 0;
    p->rf_config = -1;
    p->rx_pending = 0;
    p->resp_pending = 0;
    memset(p->reg, 0, sizeof p->reg);
  } else if (p->in_reset) {
    p->in_reset = 0;
    p->boot_done_at = p->now + BOOT_US;
  }
}

void pn_tick(pn5180* p) {
  if (p->in_reset) return;
  if (!p->booted && p->now >= p->boot_done_at) {
    p->booted = 1;
    p->busy = 0;
    p->reg[IRQ_STATUS] |= IRQ_IDLE; /* boot complete */
  }
  if (!p->booted) return;
  if (p->busy && p->now >= p->busy_until) p->busy = 0;
  if (p->rf_on && p->now >= p->rf_on_at) p->reg[IRQ_STATUS] |= IRQ_TX_RFON;
  if (p->tx_end > 0 && p->now >= p->tx_end) {
    p->reg[IRQ_STATUS] |= IRQ_TX;
    p->tx_end = 0;
  }
  if (p->rx_pending) {
    if (p->now >= p->rx_sof_at) p->reg[IRQ_STATUS] |= IRQ_RX_SOF;
    if (p->now >= p->rx_end) {
      p->rx_pending = 0;
      p->reg[IRQ_STATUS] |= IRQ_RX;
      p->reg[RX_STATUS] = p->rx_status;
      p->last_rx_end = p->rx_end;
    }
  }
}

/* ---- air: answers of the tags ---- */

typedef struct {
  int n;              /* responders */
  uint8_t bits[400];  /* combined answer, one bit per entry (OR of the responders) */
  int nbits;
  int coll;           /* first bit where responders differ, -1 none */
  int has_crc;        /* the answer carries a CRC on air */
} answer;

static void put_bits(answer* a, const uint8_t* bytes, int from_bit, int nbits, int first) {
  for (int j = 0; j < nbits; j++) {
    const int b = from_bit + j;
    const int v = (bytes[b / 8] >> (b % 8)) & 1;
    if (first) a->bits[j] = (uint8_t)v;
    else {
      if (a->coll < 0 && a->bits[j] != v) a->coll = j;
      a->bits[j] |= (uint8_t)v;
    }
  }
  a->nbits = nbits;
}

static void cl_of(const pn_tag* t, int level, uint8_t cl[5]) {
  const uint8_t* u = t->uid;
  if (t->len == 4) cl[0] = u[0], cl[1] = u[1], cl[2] = u[2], cl[3] = u[3];
  else if (level == 1) cl[0] = 0x88, cl[1] = u[0], cl[2] = u[1], cl[3] = u[2];
  else if (t->len == 7 || level == 3) memcpy(cl, u + t->len - 4, 4);
  else cl[0] = 0x88, cl[1] = u[3], cl[2] = u[4], cl[3] = u[5];
  cl[4] = cl[0] ^ cl[1] ^ cl[2] ^ cl[3];
}

static int levels(const pn_tag* t) { return t->len == 4 ? 1 : t->len == 7 ? 2 : 3; }

static void note_read(pn5180* p) {
  if (p->antenna < 0) return;
  double* last = &p->last_read[p->antenna];
  if (*last >= 0 && p->now - *last > p->max_gap[p->antenna]) p->max_gap[p->antenna] = p->now - *last;
  *last = p->now;
}

/* ISO/IEC 14443-3 type A command from the reader; fills `a` with the cards' answer. */
static void air14443(pn5180* p, const uint8_t* d, int n, int lastbits, int crc_tx, double t_rx, answer* a) {
  if (p->antenna < 0) return;
  pn_antenna* ant = &p->ants[p->antenna];
  const int short_frame = n == 1 && lastbits == 7;
  if (short_frame && (d[0] == 0x26 || d[0] == 0x52)) {
    if (crc_tx) return;
    if (p->now - p->rf_on_at < SETTLE_14443) p->st.early_requests++;
    note_read(p);
    p->cascade_step = 0;
    p->pass_at = p->now;
    uint8_t atqa[2];
    for (int i = 0; i < ant->ntags; i++) {
      pn_tag* t = &ant->tags[i];
      if (t->kind != 1 || t->powered_at < 0 || t_rx - t->powered_at < SETTLE_14443) continue;
      if (!(t->state == 0 || t->state == 1 || (d[0] == 0x52 && t->state == 3))) continue;
      t->state = 1;
      t->level = 1;
      atqa[0] = t->len == 4 ? 0x04 : t->len == 7 ? 0x44 : 0x84;
      atqa[1] = 0x00;
      put_bits(a, atqa, 0, 16, a->n == 0);
      a->n++;
      responder(p, t);
    }
    return;
  }
  if (n >= 2 && (d[0] == 0x93 || d[0] == 0x95 || d[0] == 0x97)) {
    const int level = (d[0] - 0x93) / 2 + 1;
    const int nvb = d[1];
    p->cascade_step++;
    pn_fold* f = &pn_fold_cfg;
    if (f->armed && f->antenna == p->antenna && p->pass_at >= f->armed_at && p->cascade_step == f->step) {
      if (f->mid) g_fold_cut = 1; /* the cards answer, then leave halfway through it */
      else fold_lift(p, ant);     /* lifted as the frame goes on air: nothing answers */
    }
    if (nvb == 0x70) { /* SELECT */
      if (n != 7 || lastbits != 0 || !crc_tx) return;
      /* every ready card whose CLn matches is selected at once (ISO/IEC 14443-3: two cards sharing CL1 both move
       * to cascade level 2 and answer the same SAK); the others drop back to idle */
      for (int i = 0; i < ant->ntags; i++) {
        pn_tag* t = &ant->tags[i];
        if (t->kind != 1 || t->state != 1 || t->level != level) continue;
        uint8_t cl[5];
        cl_of(t, level, cl);
        if (memcmp(cl, d + 2, 5) != 0) {
          t->state = 0;
          continue;
        }
        const int more = level < levels(t);
        uint8_t sak[3] = {(uint8_t)(more ? 0x04 : 0x00), 0, 0};
        const uint16_t c = crc_a(sak, 1);
        sak[1] = (uint8_t)c, sak[2] = (uint8_t)(c >> 8);
        if (more) t->level++;
        else t->state = 2;
        put_bits(a, sak, 0, 24, a->n == 0);
        a->n++;
        a->has_crc = 1;
        responder(p, t);
      }
      return;
    }
    /* ANTICOLLISION: NVB = bytes (incl. SEL, NVB) << 4 | extra bits */
    if (crc_tx) return;
    const int known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F);
    if (known < 0 || known >= 40 || n != 2 + (known + 7) / 8 || lastbits != known % 8) return;
    for (int i = 0; i < ant->ntags; i++) {
      pn_tag* t = &ant->tags[i];
      if (t->kind != 1 || t->state != 1 || t->level != level) continue;
      uint8_t cl[5];
      cl_of(t, level, cl);
      int match = 1;
      for (int b = 0; b < known; b++)
        if (((cl[b / 8] >> (b % 8)) & 1) != ((d[2 + b / 8] >> (b % 8)) & 1)) match = 0;
      if (!match) continue;
      put_bits(a, cl, known, 40 - known, a->n == 0);
      a->n++;
      responder(p, t);
    }
    return;
  }
  if (n == 2 && d[0] == 0x50 && d[1] == 0x00 && crc_tx) { /* HLTA */
    for (int i = 0; i < ant->ntags; i++)
      if (ant->tags[i].kind == 1 && ant->tags[i].state == 2) ant->tags[i].state = 3;
  }
}

static int tag_matches(const pn_tag* t, int masklen, const uint8_t* mask) {
  for (int b = 0; b < masklen; b++)
    if (((t->uid[b / 8] >> (b % 8)) & 1) != ((mask[b / 8] >> (b % 8)) & 1)) return 0;
  return 1;
}

static int nibble_at(const pn_tag* t, int bit) {
  int v = 0;
  for (int k = 0; k < 4; k++) {
    const int b = bit + k;
    if (b < 64) v |= ((t->uid[b / 8] >> (b % 8)) & 1) << k;
  }
  return v;
}

static void answer15693(pn5180* p, answer* a, double t_rx) {
  pn_antenna* ant = &p->ants[p->antenna];
  for (int i = 0; i < ant->ntags; i++) {
    pn_tag* t = &ant->tags[i];
    if (t->kind != 2 || t->powered_at < 0 || t_rx - t->powered_at < SETTLE_15693) continue;
    if (!tag_matches(t, p->inv_masklen, p->inv_mask)) continue;
    if (p->inv_16 && nibble_at(t, p->inv_masklen) != p->slot) continue;
    if (!p->inv_16 && p->slot != 0) continue;
    uint8_t r[12] = {0x00, 0x00};
    memcpy(r + 2, t->uid, 8);
    const uint16_t c = 0; /* the chip checks and strips it; the model treats a clean answer as CRC-correct */
    r[10] = (uint8_t)c, r[11] = (uint8_t)(c >> 8);
    put_bits(a, r, 0, 96, a->n == 0);
    a->n++;
    responder(p, t);
  }
  a->has_crc = 1;
}

/* ISO/IEC 15693 frame from the reader: a request (SOF, data, EOF) or an EOF alone (next slot). */
static void air15693(pn5180* p, const uint8_t* d, int n, int eof_only, int crc_tx, double t_rx, answer* a) {
  if (p->antenna < 0) return;
  if (eof_only) {
    if (p->slot < 0 || !p->inv_16 || p->slot >= 15) {
      p->slot = -1;
      return;
    }
    p->slot++;
    answer15693(p, a, t_rx);
    return;
  }
  p->slot = -1;
  if (!crc_tx || n < 3) return; /* no CRC: the tags discard the frame */
  const uint8_t flags = d[0];
  if (!(flags & 0x04) || d[1] != 0x01) return; /* only INVENTORY is modelled */
  int at = 2;
  if (flags & 0x10) at++; /* AFI */
  const int masklen = d[at];
  const int mbytes = (masklen + 7) / 8;
  const int sixteen = !(flags & 0x20);
  if (masklen > (sixteen ? 60 : 64) || n != at + 1 + mbytes) return;
  if (p->now - p->rf_on_at < SETTLE_15693) p->st.early_requests++;
  note_read(p);
  p->inv_masklen = masklen;
  memset(p->inv_mask, 0, sizeof p->inv_mask);
  memcpy(p->inv_mask, d + at + 1, (size_t)mbytes);
  p->inv_16 = sixteen;
  p->slot = 0;
  answer15693(p, a, t_rx);
}

/* the answer under way loses its last responder at `at`: before its first bit nothing arrives (the driver's window
 * runs out); after, the frame stops there: the whole bytes received so far, a protocol error (no valid end) */
static void cut_rx(pn5180* p, double at) {
  if (!p->rx_pending) return;
  if (at <= p->rx_start) {
    p->rx_pending = 0;
    return;
  }
  const double byte_us = p->rx_iso15693 ? 8 * BIT_VICC_15693 : 9 * BIT14443;
  const double head = p->rx_iso15693 ? SOF_VICC_15693 : BIT14443;
  int bytes = at > p->rx_start + head ? (int)((at - p->rx_start - head) / byte_us) : 0;
  if (bytes > p->rx_len) bytes = p->rx_len;
  for (int i = bytes; i < (int)sizeof p->rx_data; i++) p->rx_data[i] = 0;
  p->rx_len = bytes;
  p->rx_status = (uint32_t)bytes | 1u << 17 | (p->rx_iso15693 ? 1u << 16 : 0);
  if (p->rx_sof_at > at) p->rx_sof_at = at;
  p->rx_end = at;
}

static void send_data(pn5180* p, const uint8_t* d, int n, int lastbits) {
  if ((p->reg[SYSTEM_CONFIG] & 7) != 3 || !p->rf_on) {
    p->st.violations++;
    return;
  }
  const int crc_tx = p->reg[CRC_TX_CONFIG] & 1;
  const int crc_rx = p->reg[CRC_RX_CONFIG] & 1;
  const int iso15693 = p->rf_config == 0x0D;
  const double guard = iso15693 ? T2_15693 : 86.0; /* TX_WAIT from the RF configuration */
  double start = p->now + 2;
  if (p->last_rx_end + guard > start) start = p->last_rx_end + guard;
  double dur;
  int eof_only = 0, valid = 1;
  if (iso15693) {
    const uint32_t tx = p->reg[TX_CONFIG];
    const int data = (tx & TX_DATA_ENABLE) != 0;
    const int sof = (tx >> TX_START_SHIFT) & 3;
    if (!data && sof == 0 && n == 0) eof_only = 1, dur = EOF_VCD_15693;
    else {
      dur = SOF_VCD_15693 + (n + (crc_tx ? 2 : 0)) * BYTE_VCD_15693 + EOF_VCD_15693;
      if (!data || sof != 3) valid = 0, p->st.bad_sof_frames++;
    }
  } else {
    const int bits = lastbits ? (n - 1) * 9 + lastbits : n * 9;
    dur = (bits + (crc_tx ? 18 : 0) + 2) * BIT14443;
  }
  p->st.exchanges++;
  /* (only where the same inventory goes on: the next slot's EOF or the next 16-slot round's request, not a probe) */
  if (p->id >= 0 && p->id < 8 && g_slot_due[p->id] > 0 && iso15693 && p->now >= g_slot_due[p->id] &&
      (eof_only || (n > 0 && !(d[0] & 0x20)))) {
    const int k = g_slot_ans[p->id];
    const double lag = p->now - g_slot_due[p->id];
    pn_lag_sum[k] += lag, pn_lag_n[k]++;
    if (lag > pn_lag_max[k]) pn_lag_max[k] = lag;
  }
  if (p->id >= 0 && p->id < 8) g_slot_due[p->id] = 0;
  for (int j = 0; j < 8; j++)
    if (j != p->id && g_air_end[j] > start) {
      p->st.overlapped++; /* another reader's frame or answer is still on its air: the readers work side by side */
      break;
    }
  p->tx_end = start + dur;
  if (p->id >= 0 && p->id < 8) g_air_end[p->id] = p->tx_end;
  p->reg[IRQ_STATUS] &= ~(uint32_t)(IRQ_TX | IRQ_RX | IRQ_RX_SOF);
  p->rx_pending = 0;
  answer a;
  memset(&a, 0, sizeof a);
  a.coll = -1;
  p->nresp = 0;
  g_fold_cut = 0;
  const double fdt = iso15693 ? T1_15693 : FDT14443;
  const double t_rx = p->tx_end + fdt;
  if (p->id >= 0 && p->id < 8) g_air_end[p->id] = t_rx; /* no answer: its window is open until then at least */
  if (valid) {
    if (iso15693) air15693(p, d, n, eof_only, crc_tx, t_rx, &a);
    else air14443(p, d, n, lastbits, crc_tx, t_rx, &a);
  } else {
    p->slot = -1; /* the tags saw no valid frame: any running inventory is over for them */
  }
  { static int tr = -2; if (tr == -2) { const char* e = getenv("PN_TRACE"); tr = e ? atoi(e) : -1; }
    if (tr == p->antenna || tr == 99) /* PN_TRACE=<antenna> (99: all): each frame on stderr */ fprintf(stderr, "T %.3f r%d a%d %s n=%d ans=%d\n", start / 1000, p->id, p->antenna, eof_only ? "EOF" : iso15693 ? "REQ" : "14443", n, a.n); }
  /* a slot of a 16-slot round: when the host can know its outcome (its answer's end, or the SOF overdue) */
  if (p->id >= 0 && p->id < 8)
    pn_due_at[p->id] = iso15693 && valid && p->inv_16 && p->slot >= 0
                           ? (p->rx_pending ? p->rx_end : t_rx + SOF_VICC_15693 + 40)
                           : 0;
  if (p->id >= 0 && p->id < 8) g_slot_due[p->id] = pn_due_at[p->id], g_slot_ans[p->id] = 0;
  if (iso15693 && valid && p->antenna >= 0 && p->antenna < 64) {
    if (!eof_only && !p->inv_16 && p->slot == 0) { /* a probe: a new inventory of this antenna */
      if (pn_inv_air_cur[p->antenna] > 0) pn_inv_closed[p->antenna]++;
      pn_inv_air_last[p->antenna] = pn_inv_air_cur[p->antenna];
      pn_inv_wall_last[p->antenna] = inv_to[p->antenna] - inv_from[p->antenna];
      pn_inv_air_cur[p->antenna] = 0;
      inv_from[p->antenna] = start;
    }
    const double answer_us = a.n ? a.nbits * BIT_VICC_15693 + 2 * SOF_VICC_15693 : SOF_VICC_15693;
    inv_to[p->antenna] = t_rx + answer_us; /* its last frame's answer (or the silence that closed its slot) */
    pn_inv_air_cur[p->antenna] += dur + T1_15693 + answer_us + (eof_only && p->prev_answered ? T2_15693 : 0);
    p->prev_answered = a.n > 0;
  }
  if (a.n == 0) return;
  p->st.answers++;
  /* what lands in the receive buffer: the answer bits from RX_BIT_ALIGN on (14443), CRC stripped when enabled */
  const int align = iso15693 ? 0 : (int)((p->reg[CRC_RX_CONFIG] >> 6) & 7);
  int nbits = a.nbits;
  uint32_t status = 0;
  if (a.has_crc && crc_rx) nbits -= 16;
  else if (!a.has_crc && crc_rx) status |= 1u << 16; /* integrity error: CRC expected, none there */
  if (nbits < 0) nbits = 0;
  memset(p->rx_data, 0, sizeof p->rx_data);
  for (int j = 0; j < nbits; j++) {
    const int pos = align + j;
    if (a.bits[j]) p->rx_data[pos / 8] |= (uint8_t)(1u << (pos % 8));
  }
  const int total = align + nbits;
  p->rx_len = (total + 7) / 8;
  status |= (uint32_t)p->rx_len & 0x1FF;
  if (total % 8) status |= (uint32_t)(total % 8) << 13; /* RX_NUM_LAST_BITS */
  if (a.coll >= 0) {
    status |= 1u << 18;                                        /* RX_COLLISION_DETECTED */
    status |= (uint32_t)((align + a.coll) & 0x7F) << 19;       /* RX_COLL_POS: RX_BIT_ALIGN included */
    if (iso15693) status |= 1u << 16;                          /* the CRC of a collided answer fails too */
  }
  const double sof = iso15693 ? SOF_VICC_15693 : BIT14443;
  const double bits_time = iso15693 ? a.nbits * BIT_VICC_15693 + 2 * SOF_VICC_15693
                                    : (a.nbits + a.nbits / 8 + 2) * BIT14443; /* parity bits, S and E */
  p->rx_sof_at = t_rx + sof;
  p->rx_end = t_rx + bits_time;
  if (p->id >= 0 && p->id < 8) g_air_end[p->id] = p->rx_end;
  p->rx_status = status;
  p->rx_start = t_rx;
  p->rx_iso15693 = iso15693;
  p->rx_pending = 1;
  if (p->id >= 0 && p->id < 8 && g_slot_due[p->id] > 0) g_slot_due[p->id] = p->rx_end, g_slot_ans[p->id] = 1;
  if (g_fold_cut) {
    g_fold_cut = 0;
    fold_lift(p, &p->ants[p->antenna]);
    cut_rx(p, (p->rx_sof_at + p->rx_end) / 2);
  }
}

static void load_rf(pn5180* p, int tx, int rx) {
  if (!((tx == 0x00 && rx == 0x80) || (tx == 0x0D && rx == 0x8D))) {
    p->st.violations++;
    return;
  }
  p->rf_config = tx;
  /* TX_CONFIG as the configuration leaves it: data on, start symbol (ISO 15693: SOF = 3), stop symbol (EOF = 3) */
  p->reg[TX_CONFIG] = tx == 0x0D ? 0x000007C0u : 0x00000400u;
  p->reg[CRC_TX_CONFIG] &= ~1u;
  p->reg[CRC_RX_CONFIG] &= ~1u;
  p->reg[CRC_RX_CONFIG] &= ~(7u << 6);
  p->slot = -1;
}

static void write_reg(pn5180* p, int how, int r, uint32_t v) {
  if (r >= PN_REGS) return;
  if (r == IRQ_CLEAR) {
    p->reg[IRQ_STATUS] &= ~v;
    return;
  }
  uint32_t nv = how == 0 ? v : how == 1 ? (p->reg[r] | v) : (p->reg[r] & v);
  if (r == SYSTEM_CONFIG && (nv & 7) != 3) p->rx_pending = 0; /* idle: reception abandoned */
  p->reg[r] = nv;
}

static void execute(pn5180* p) {
  const uint8_t* f = p->frame;
  const int n = p->frame_len;
  if (n == 0) return;
  set_busy(p, 6);
  switch (f[0]) {
    case 0x00: case 0x01: case 0x02:
      if (n == 6) write_reg(p, f[0], f[1], (uint32_t)f[2] | (uint32_t)f[3] << 8 | (uint32_t)f[4] << 16 | (uint32_t)f[5] << 24);
      else p->st.violations++;
      break;
    case 0x03: /* WRITE_REGISTER_MULTIPLE: sets of address, action (1 write, 2 OR mask, 3 AND mask), 4-byte value */
      if (n < 7 || (n - 1) % 6 != 0 || (n - 1) / 6 > 42) {
        p->st.violations++;
        break;
      }
      for (int i = 1; i < n; i += 6) {
        const int action = f[i + 1];
        if (action < 1 || action > 3) {
          p->st.violations++;
          break;
        }
        write_reg(p, action == 1 ? 0 : action == 2 ? 1 : 2, f[i],
                  (uint32_t)f[i + 2] | (uint32_t)f[i + 3] << 8 | (uint32_t)f[i + 4] << 16 | (uint32_t)f[i + 5] << 24);
      }
      break;
    case 0x05: /* READ_REGISTER_MULTIPLE: up to 18 addresses, 4 bytes each in the read frame */
      if (n < 2 || n - 1 > 18) {
        p->st.violations++;
        break;
      }
      pn_tick(p);
      if (p->id >= 0 && p->id < 8 && pn_due_at[p->id] > 0 && p->now >= pn_due_at[p->id]) pn_due_at[p->id] = 0;
      for (int i = 1; i < n; i++) {
        const uint32_t v = f[i] < PN_REGS ? p->reg[f[i]] : 0;
        for (int b = 0; b < 4; b++) p->resp[4 * (i - 1) + b] = (uint8_t)(v >> (8 * b));
      }
      p->resp_len = 4 * (n - 1);
      p->resp_pending = 1;
      break;
    case 0x04: {
      pn_tick(p);
      if (p->id >= 0 && p->id < 8 && pn_due_at[p->id] > 0 && p->now >= pn_due_at[p->id]) pn_due_at[p->id] = 0;
      const uint32_t v = n == 2 && f[1] < PN_REGS ? p->reg[f[1]] : 0;
      for (int i = 0; i < 4; i++) p->resp[i] = (uint8_t)(v >> (8 * i));
      p->resp_len = 4;
      p->resp_pending = 1;
      break;
    }
    case 0x07: /* READ_EEPROM: FIRMWARE_VERSION at 0x12 */
      memset(p->resp, 0, sizeof p->resp);
      if (n == 3 && f[1] == 0x12) p->resp[0] = 0x06, p->resp[1] = 0x03;
      p->resp_len = n == 3 ? f[2] : 0;
      p->resp_pending = 1;
      set_busy(p, 30);
      break;
    case 0x09:
      if (n >= 2) send_data(p, f + 2, n - 2, f[1] & 7);
      break;
    case 0x0A:
      memcpy(p->resp, p->rx_data, sizeof p->resp < sizeof p->rx_data ? sizeof p->resp : sizeof p->rx_data);
      p->resp_len = p->rx_len;
      p->resp_pending = 1;
      break;
    case 0x11:
      if (n == 3) load_rf(p, f[1], f[2]);
      set_busy(p, 150);
      break;
    case 0x16:
      if (p->id >= 0 && p->id < 8) pn_due_at[p->id] = 0;
      if (p->rf_config < 0) {
        p->st.violations++;
        break;
      }
      p->rf_on = 1;
      p->rf_on_at = p->now + 60; /* the field ramps up, then TX_RFON_IRQ */
      power(p, 1);
      set_busy(p, 20);
      break;
    case 0x17:
      if (p->id >= 0 && p->id < 8) pn_due_at[p->id] = 0;
      if (p->rf_on) power(p, 0);
      p->rf_on = 0;
      p->slot = -1;
      set_busy(p, 20);
      break;
    default:
      p->st.violations++;
  }
}

void pn_nss(pn5180* p, int low) {
  pn_tick(p);
  if (low) {
    if (p->nss_low) return;
    p->nss_low = 1;
    { static int st = -2; if (st == -2) { const char* e = getenv("PN_SPITRACE"); st = e ? atoi(e) : -1; }
      if (st == p->id || st == 99) fprintf(stderr, "L %.4f r%d\n", p->now / 1000, p->id); } /* PN_SPITRACE: NSS low */
    if (p->busy || p->in_reset || !p->booted) p->st.violations++;
    p->frame_len = 0;
    p->resp_pos = 0;
    return;
  }
  if (!p->nss_low) return;
  p->nss_low = 0;
  p->st.frames++;
  if (p->resp_pending && p->resp_pos > 0) {
    { static int st = -2; if (st == -2) { const char* e = getenv("PN_SPITRACE"); st = e ? atoi(e) : -1; }
      if (st == p->id || st == 99) fprintf(stderr, "R %.4f r%d n=%d\n", p->now / 1000, p->id, p->resp_pos); } /* a read */
    p->resp_pending = 0;
    set_busy(p, 2);
    return;
  }
  p->resp_pending = 0;
  { static int st = -2; if (st == -2) { const char* e = getenv("PN_SPITRACE"); st = e ? atoi(e) : -1; }
    if (st == p->id || st == 99) /* PN_SPITRACE=<reader>: each command frame on stderr */ fprintf(stderr, "S %.4f r%d %02x n=%d\n", p->now / 1000, p->id, p->frame_len ? p->frame[0] : 0, p->frame_len); }
  execute(p);
}

uint8_t pn_spi_byte(pn5180* p, uint8_t mosi) {
  pn_tick(p);
  if (!p->nss_low) return 0xFF;
  if (p->resp_pending) {
    const uint8_t v = p->resp_pos < p->resp_len ? p->resp[p->resp_pos] : 0x00;
    p->resp_pos++;
    return v;
  }
  if (p->frame_len < (int)sizeof p->frame) p->frame[p->frame_len++] = mosi;
  return 0xFF;
}

void pn_place(pn_antenna* ants, pn5180* readers, int nreaders, int a, const pn_tag* t, double now) {
  pn_antenna* ant = &ants[a];
  if (ant->ntags >= PN_MAX_TAGS) return;
  pn_tag* d = &ant->tags[ant->ntags++];
  *d = *t;
  d->state = 0;
  d->level = 1;
  d->powered_at = -1;
  for (int r = 0; r < nreaders; r++)
    if (readers[r].rf_on && readers[r].antenna == a) d->powered_at = now;
}

int pn_remove_live(pn_antenna* ants, pn5180* readers, int nreaders, int a, const uint8_t* uid, int len, int kind,
                   double now) {
  for (int r = 0; r < nreaders; r++) {
    pn5180* p = &readers[r];
    if (p->antenna != a || !p->rx_pending || now >= p->rx_end) continue;
    for (int i = 0; i < p->nresp && i < 4; i++) {
      if (p->rsp_len[i] != len || memcmp(p->rsp_uid[i], uid, (size_t)len) != 0) continue;
      p->rsp_len[i] = 0;
      /* the last responder gone: the answer is lost or cut; with others still answering the model keeps the
       * combined answer as computed (a simplification: its collision bits stay) */
      if (--p->nresp == 0) p->now = now, cut_rx(p, now);
      break;
    }
  }
  return pn_remove(ants, a, uid, len, kind);
}

int pn_remove(pn_antenna* ants, int a, const uint8_t* uid, int len, int kind) {
  pn_antenna* ant = &ants[a];
  for (int i = 0; i < ant->ntags; i++) {
    if (ant->tags[i].kind == kind && ant->tags[i].len == len && memcmp(ant->tags[i].uid, uid, (size_t)len) == 0) {
      ant->tags[i] = ant->tags[--ant->ntags];
      return 1;
    }
  }
  return 0;
}
