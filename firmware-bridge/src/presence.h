// Presence debounce: latch-on after kLatchOnReads consecutive reads (chips: kLatchOnReadsChips), latch-off after
// kLatchOffMs unseen. The tags of every antenna live in one pool (kPoolTags x 12 bytes), so one zone may hold a
// stack of 100 chips while the others hold two cards.
#pragma once
#include <stdint.h>
#include "config.h"

namespace fw {

constexpr uint8_t kFreeSlot = 0xFF;

// A tag of the pool: 8 bytes, not 12. Its UID is kept whole (no wire change: TAG, GONE and INV carry it as read):
// the last 4 bytes here, the bytes before them (0, 3 or 4: a 4-, 7- or 8-byte UID) as an index into the pool's
// table of kPrefixes prefixes, which the UIDs of a chip order or a deck share (E0 04 01 50 ..., 04 A1 00 ...).
struct TagSlot {
  uint8_t suffix[4];          // the UID's last 4 bytes, most significant first
  uint8_t antenna;            // kFreeSlot: unused
  uint8_t prefix : 4;         // Presence's prefix table: the UID's length and its first bytes
  uint8_t hits : 2;           // consecutive scans that read it, capped at 3
  uint8_t reported : 1;
  uint8_t seen : 1;           // read in the scan under way
  uint16_t lastSeen : 14;     // low 14 bits of millis(): latch-off spans (400 ms) are far below 16 s
  uint16_t faceCode : 2;      // 0 '-', 1 'U', 2 'D'
  char face() const { return faceCode == 1 ? 'U' : faceCode == 2 ? 'D' : '-'; }
};
static_assert(sizeof(TagSlot) == 8, "a pool tag is 8 bytes");

struct TagRead {
  uint8_t uid[kUidMaxBytes];
  uint8_t uidLen;
};

// Where a reader puts the UIDs it resolves. False: no room (the caller stops and reports an overflow).
class TagSink {
 public:
  virtual bool tag(const uint8_t* uid, uint8_t len) = 0;
  // The tags the antenna held before this scan and not read by it yet, one per call from `cursor` (0 first):
  // a card reader checks them by a SELECT of their UID before any anticollision (inventory14443a). False: no more.
  virtual bool known(uint16_t& cursor, TagRead& out) {
    (void)cursor, (void)out;
    return false;
  }
  virtual ~TagSink() {}
};

class PresenceSink {
 public:
  virtual void tagArrived(uint8_t antenna, const TagRead& t, char face) = 0;
  virtual void tagLeft(uint8_t antenna, const TagRead& t) = 0;
};

class Presence {
 public:
  Presence() {
    for (uint16_t i = 0; i < kPoolTags; i++) pool_[i].antenna = kFreeSlot;
    for (uint8_t i = 0; i < kPrefixes; i++) prefix_[i].len = 0;
    for (uint8_t a = 0; a < kAntennas; a++) lo_[a] = hi_[a] = 0;
  }
  // A scan of `antenna` begins (face: what its sensor shows now). Scans of several antennas may run at once.
  void begin(uint8_t antenna, uint8_t face);
  // One tag read (MSB first); duplicates within a scan are ignored. False when the pool or the antenna is full, or
  // its UID needs a 17th prefix (kPrefixes) while every prefix is held by a tag of the pool.
  bool tag(uint8_t antenna, const uint8_t* uid, uint8_t len);
  // The scan of `antenna` ended at `now`. `complete`: every tag in the field was resolved, so an unread tag may
  // latch off. `clean`: it also ended without any fault (no collision, overrun, foreign tag): a tag it read is
  // reported at once unless the readings disagree (the same UID held on another antenna: a card slid across the
  // felt), which takes kLatchOnReads consecutive reads, as does every tag of a scan that was not clean.
  // Returns true when a tag could not be kept (overrun).
  bool end(uint8_t antenna, uint32_t now, bool complete, PresenceSink& sink, bool clean = false);
  // Convenience for tests: one scan with these reads.
  bool scanned(uint8_t antenna, const TagRead* reads, uint8_t n, uint8_t face, uint32_t now, PresenceSink& sink);
  // Number of reported tags on an antenna (what INV lists).
  uint8_t reportedCount(uint8_t antenna) const;
  // Reported tags [from, from + max) of an antenna, in pool order; returns how many were written to `out`.
  uint8_t reported(uint8_t antenna, const TagSlot** out, uint8_t from, uint8_t max) const;
  uint16_t used() const;
  // The whole UID of a pool tag (prefix + suffix).
  void uidOf(const TagSlot& t, TagRead& out) const;
  // Prefixes in use (tests).
  uint8_t prefixesUsed() const;
  // The next tag of `antenna` from pool slot `cursor` on that its scan under way has not read yet (TagSink::known).
  bool known(uint8_t antenna, uint16_t& cursor, TagRead& out) const;
  // tag() for a UID known to be in pool slot `k` on `antenna` (a known card that answered its SELECT): no pool
  // search (~0.4 ms on the AVR). False when slot k does not hold it (then tag() is the way).
  bool tagAt(uint8_t antenna, uint16_t k, const uint8_t* uid, uint8_t len);
  // Chips (8-byte UIDs, latched on after one read: their answer carries a CRC) placed in the pool by a scan under
  // way and not reported yet: the bridge reports them while the inventory goes on (reportFresh), not at its end.
  bool fresh() const { return freshLo_ < freshHi_; }
  // Marks up to `max` of them reported and hands each to `sink.tagArrived`; returns how many; fresh() stays true
  // while some are left.
  uint8_t reportFresh(PresenceSink& sink, uint8_t max);

 private:
  struct Prefix {
    uint8_t len;  // the whole UID's length (4, 7 or 8); 0: free
    uint8_t b[4];
  };
  bool elsewhere(uint16_t k) const;  // slot k's UID is held on another antenna too
  // The prefix entry of this UID; -1 if none. create: make one (a full table is first swept of the prefixes no
  // pool tag holds), -1 when there is no room.
  int8_t prefixOf(const uint8_t* uid, uint8_t len, bool create);
  bool same(const TagSlot& s, int8_t prefix, const uint8_t* suffix) const {
    return s.suffix[3] == suffix[3] && s.prefix == prefix && s.suffix[2] == suffix[2] && s.suffix[1] == suffix[1] &&
           s.suffix[0] == suffix[0];
  }
  TagSlot pool_[kPoolTags];
  Prefix prefix_[kPrefixes];
  // Every pool tag of antenna a lies in slots [lo_[a], hi_[a]) (empty: lo_ >= hi_): the walks of one antenna's tags
  // (begin, end, known, tag, INV) cover that span, not the 384 slots (~3k cycles each on the AVR, without a pump:
  // the other readers' slots waited). Widened by tag(), tightened by end()'s walk. Slots below freeFrom_ are used.
  uint16_t lo_[kAntennas];
  uint16_t hi_[kAntennas];
  uint16_t freeFrom_ = 0;
  uint8_t face_[kAntennas] = {};  // face code of each antenna's scan under way
  uint32_t overrun_ = 0;          // antennas whose scan under way could not keep a tag
  // the pool slots of the chips tag() put in the pool since reportFresh's last complete walk lie in
  // [freshLo_, freshHi_) (empty: none): its walk covers them, not the 384 slots (a 384-slot walk at each chip a
  // 40-chip push reads was ~11% of the time the chip readers' slots waited for the CPU)
  uint16_t freshLo_ = kPoolTags;
  uint16_t freshHi_ = 0;
};

// The sink of one antenna's scan.
class AntennaSink : public TagSink {
 public:
  AntennaSink() : p_(nullptr), a_(0) {}
  AntennaSink(Presence& p, uint8_t antenna) : p_(&p), a_(antenna) {}
  void set(Presence& p, uint8_t antenna) { p_ = &p, a_ = antenna, last_ = 0; }
  bool tag(const uint8_t* uid, uint8_t len) override {
    if (!p_) return false;
    if (last_ > 0 && p_->tagAt(a_, static_cast<uint16_t>(last_ - 1), uid, len)) return true;
    return p_->tag(a_, uid, len);
  }
  bool known(uint16_t& cursor, TagRead& out) override {
    if (!p_ || !p_->known(a_, cursor, out)) return false;
    last_ = cursor;  // the slot after the one returned: tag() of that UID goes straight to it
    return true;
  }

 private:
  Presence* p_;
  uint8_t a_;
  uint16_t last_ = 0;
};

}  // namespace fw
