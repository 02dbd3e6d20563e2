// Presence debounce: latch-on after kLatchOnReads consecutive reads (chips: kLatchOnReadsChips), latch-off after
// kLatchOffMs unseen. The tags of every antenna live in one pool (kPoolTags x 12 bytes), so one zone may hold a
// stack of 100 chips while the others hold two cards.
#pragma once
#include <stdint.h>
#include "config.h"

namespace fw {

constexpr uint8_t kFreeSlot = 0xFF;

struct TagSlot {
  uint8_t uid[kUidMaxBytes];  // most significant byte first, as printed
  uint8_t antenna;            // kFreeSlot: unused
  uint8_t lenCode : 2;        // 0: 4 bytes, 1: 7, 2: 8
  uint8_t hits : 2;           // consecutive scans that read it, capped at 3
  uint8_t reported : 1;
  uint8_t seen : 1;           // read in the scan under way
  uint8_t faceCode : 2;       // 0 '-', 1 'U', 2 'D'
  uint16_t lastSeen;          // low 16 bits of millis(): latch-off spans are far below 65 s
  uint8_t len() const { return lenCode == 0 ? 4 : lenCode == 1 ? 7 : 8; }
  char face() const { return faceCode == 1 ? 'U' : faceCode == 2 ? 'D' : '-'; }
};

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
  virtual void tagArrived(uint8_t antenna, const TagSlot& t) = 0;
  virtual void tagLeft(uint8_t antenna, const TagSlot& t) = 0;
};

class Presence {
 public:
  Presence() {
    for (uint16_t i = 0; i < kPoolTags; i++) pool_[i].antenna = kFreeSlot;
  }
  // A scan of `antenna` begins (face: what its sensor shows now). Scans of several antennas may run at once.
  void begin(uint8_t antenna, uint8_t face);
  // One tag read (MSB first); duplicates within a scan are ignored. False when the pool or the antenna is full.
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
  // The next tag of `antenna` from pool slot `cursor` on that its scan under way has not read yet (TagSink::known).
  bool known(uint8_t antenna, uint16_t& cursor, TagRead& out) const;
  // tag() for a UID known to be in pool slot `k` on `antenna` (a known card that answered its SELECT): no pool
  // search (~0.4 ms on the AVR). False when slot k does not hold it (then tag() is the way).
  bool tagAt(uint8_t antenna, uint16_t k, const uint8_t* uid, uint8_t len);
  // Chips (8-byte UIDs, latched on after one read: their answer carries a CRC) placed in the pool by a scan under
  // way and not reported yet: the bridge reports them while the inventory goes on (reportFresh), not at its end.
  bool fresh() const { return fresh_ != 0; }
  // Marks up to `max` of them reported and hands each to `sink.tagArrived`; returns how many; fresh() stays true
  // while some are left.
  uint8_t reportFresh(PresenceSink& sink, uint8_t max);

 private:
  bool elsewhere(uint16_t k) const;  // slot k's UID is held on another antenna too
  TagSlot pool_[kPoolTags];
  uint8_t face_[kAntennas] = {};  // face code of each antenna's scan under way
  uint32_t overrun_ = 0;          // antennas whose scan under way could not keep a tag
  uint8_t fresh_ = 0;             // chips put in the pool by tag() since the last reportFresh
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

bool sameUid(const uint8_t* a, uint8_t alen, const uint8_t* b, uint8_t blen);

}  // namespace fw
