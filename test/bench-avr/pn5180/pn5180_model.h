/* A PN5180 model written from the NXP PN5180 datasheet (host interface, BUSY, registers, RF configurations,
 * transceive state machine) with the tags it powers: ISO/IEC 14443A cards (REQA/WUPA, bit-oriented anticollision
 * through cascade levels, SELECT, HLTA) and ISO/IEC 15693 vicinity tags (inventory with 1 or 16 slots, masks of any
 * length, collisions), all with air timing from ISO/IEC 14443-2/3 and 15693-2/3. Time is the AVR's: microseconds
 * of simulated time. */
#pragma once
#include <stdint.h>

#define PN_MAX_TAGS 128
#define PN_REGS 0x40

typedef struct pn_tag {
  int kind;          /* 1: ISO 14443A card, 2: ISO 15693 chip */
  uint8_t uid[10];   /* 14443: as on air (uid0 first); 15693: LSB first (uid[0] = least significant byte) */
  int len;           /* 4, 7 or 10 (14443), 8 (15693) */
  int state;         /* 14443: 0 idle, 1 ready, 2 active, 3 halt */
  int level;         /* 14443 cascade level being resolved (1..3) */
  double powered_at; /* us: when its antenna's field came on (or when it was placed in a live field) */
} pn_tag;

typedef struct pn_antenna {
  pn_tag tags[PN_MAX_TAGS];
  int ntags;
} pn_antenna;

typedef struct pn_stats {
  long violations;          /* host interface misuse: a frame started while BUSY, SEND_DATA outside transceive */
  long early_requests;      /* a request sent before the field had settled (5.1 ms 14443, 1 ms 15693) */
  long bad_sof_frames;      /* ISO 15693 frames sent with a TX_CONFIG start symbol other than the SOF (3) */
  long exchanges;           /* air frames sent */
  long overlapped;          /* of them, sent while another reader's frame or answer was on air (lockstep) */
  long answers;             /* frames the tags answered */
  long frames;              /* host-interface frames (NSS low to high), commands and reads */
} pn_stats;

typedef struct pn5180 {
  int id;
  double now;               /* us, updated by the harness before every call */
  /* host interface */
  int nss_low;
  uint8_t frame[300];
  int frame_len;
  int busy;
  double busy_until;
  uint8_t resp[300];        /* what the next read frame clocks out */
  int resp_len, resp_pending;
  int resp_pos;
  /* chip */
  int in_reset, booted;
  double boot_done_at;
  uint32_t reg[PN_REGS];
  int rf_on, rf_config;     /* -1 none, 0x00 ISO 14443A, 0x0D ISO 15693 */
  double rf_on_at;
  int antenna;              /* antenna routed by its RF switch when the field came on; -1 none */
  /* transceive */
  double tx_end, rx_sof_at, rx_end, last_rx_end;
  int rx_pending;
  uint8_t rx_data[300];
  int rx_len;
  uint32_t rx_status;
  /* who answered the reception under way (a card lifted while its answer is pending or on air cuts it) */
  int nresp;
  uint8_t rsp_uid[4][10];
  int rsp_len[4];
  double rx_start;          /* when the answer's first bit (SOF) starts */
  int rx_iso15693;
  int prev_answered;        /* 15693: the last slot had an answer (t2 before the next EOF) */
  int cascade_step;         /* 14443: ANTICOLLISION / SELECT frames since the last REQA / WUPA */
  double pass_at;           /* when that REQA / WUPA was sent */
  int slot;                 /* 15693: current slot of a 16-slot inventory, -1 when none runs */
  int inv_masklen;
  uint8_t inv_mask[8];
  int inv_16;
  pn_antenna* ants;         /* the table's antennas (shared by every reader) */
  pn_stats st;
  /* read log: when each antenna was last interrogated with a settled field */
  double* last_read;        /* per antenna, us; -1 never */
  double* max_gap;          /* per antenna, us between two reads */
} pn5180;

/* A fold: every card of `antenna` lifted at the `step`-th cascade frame (ANTICOLLISION or SELECT, 1-based) after a
 * REQA sent once it was armed, either as that frame goes on air (mid = 0: nothing answers it) or halfway through the
 * cards' answer (mid = 1: the answer is cut short). The lifted cards are kept in `removed` for the harness. */
typedef struct pn_fold {
  int armed, antenna, step, mid, fired;
  double armed_at, fired_at;
  int nremoved;
  pn_tag removed[8];
} pn_fold;
extern pn_fold pn_fold_cfg;

/* ISO 15693 air time per antenna (us): every frame, t1, the answer (or the SOF window of an empty slot), t2 after
 * an answer; `cur` since the antenna's last probe (a 1-slot request opens an inventory), `last` of the inventory
 * before it: what one inventory of the tags on it costs on air, whatever the host does between the exchanges */
extern double pn_inv_air_cur[64], pn_inv_air_last[64];
/* ISO 15693 inventories closed per antenna (a probe closes the one before): pn_inv_air_last is the last of them */
extern long pn_inv_closed[64];
/* and its time from the probe's start to its last slot's end: the air time plus the host's reaction between frames */
extern double pn_inv_wall_last[64];
/* per reader: when the host can know the outcome of the 16-slot round's slot on air (0: none), for PN_LAGPROF;
 * cleared by the host's first look at IRQ_STATUS after it */
extern double pn_due_at[8];
/* host reaction per 16-slot round slot (the CPU cost the figures carry): from the moment the host could know a
 * slot's outcome (as pn_due_at) to its next SEND_DATA on that reader (the next slot's EOF or the next round's
 * request); [0] slots nobody answered, [1] answered; summed in us, counted, the longest */
extern double pn_lag_sum[2], pn_lag_max[2];
extern long pn_lag_n[2];

void pn_init(pn5180* p, int id, pn_antenna* ants, double* last_read, double* max_gap);
/* host side */
void pn_nss(pn5180* p, int low);
uint8_t pn_spi_byte(pn5180* p, uint8_t mosi);
void pn_reset_pin(pn5180* p, int low);
int pn_busy(pn5180* p);
/* the RF switch of this reader routes to antenna `a` (-1: none) */
void pn_route(pn5180* p, int a);
/* advances the chip to p->now: boot completion, air exchanges, IRQ bits */
void pn_tick(pn5180* p);
/* a tag placed in / taken from antenna a's field (the harness's script) */
void pn_place(pn_antenna* ants, pn5180* readers, int nreaders, int a, const pn_tag* t, double now);
int pn_remove(pn_antenna* ants, int a, const uint8_t* uid, int len, int kind);
/* as pn_remove, and a reception under way that only this tag was answering is lost (the answer has not started)
 * or cut short where it stands (RX_STATUS: the bytes received so far, protocol error) */
int pn_remove_live(pn_antenna* ants, pn5180* readers, int nreaders, int a, const uint8_t* uid, int len, int kind,
                   double now);
