// ISO/IEC 15693-3 inventory with anticollision: every vicinity tag in the field (chip stacks: many tags at once).
// A 1-slot probe first (an empty antenna or a single tag costs one exchange: the common case on a table); on a
// collision, 16-slot rounds; a slot where several tags answered is split again with 4 more mask bits (masks of
// up to 60 bits, sent as ceil(len / 8) bytes: ISO/IEC 15693-3, inventory request), so any stack resolves.
#pragma once
#include <stdint.h>
#include "presence.h"

namespace fw {

enum class Slot : uint8_t { Empty, One, Collision, Error };

// The RF side, implemented by the reader IC driver (pn5180) or a test double. UIDs are as sent on air: LSB first.
class Iso15693Air {
 public:
  // Inventory request, 16 slots, with the `maskLen` low bits of `mask`; returns slot 0's outcome.
  virtual Slot inventoryStart(uint8_t maskLen, uint64_t mask, uint8_t uid[8]) = 0;
  // Inventory request with a single slot: every tag answers at once (the quick probe of an antenna).
  virtual Slot inventoryOne(uint8_t uid[8]) = 0;
  // Closes the current slot with an EOF and returns the next slot's outcome.
  virtual Slot nextSlot(uint8_t uid[8]) = 0;
  virtual ~Iso15693Air() {}
};

struct InventoryResult {
  uint16_t count;
  bool overflow;    // more tags than `max`
  bool unresolved;  // a collision or RF error left some tags unread this scan
  bool foreign;     // a tag answered whose UID no frame can carry (a 10-byte ISO 14443A UID): left out, reported
};

// The inventory of one antenna in steps of one exchange group (the probe, then one 16-slot round each), so the
// bridge can read other antennas on other readers between two rounds while this reader's field stays on (a tag
// keeps no state between rounds). Depth-first over the collided slots: 3 bytes a level, 16 levels.
class Inventory15693 {
 public:
  void begin() {
    phase_ = Phase::Probe;
    depth_ = 0;
    res_ = {0, false, false, false};
  }
  // The probe alone (one 1-slot request); true when it settled the antenna (empty, one tag, an error), false
  // when the tags collided: 16-slot rounds follow (step(), or roundSlot() / roundEnd() slot by slot).
  bool probe(Iso15693Air& air, TagSink& sink);
  // The same with the probe's outcome obtained elsewhere (BoardHal's background probe: Pn5180::slotBegin(probe)).
  bool probed(Slot probe, const uint8_t uid[8], TagSink& sink);
  // One step; true when the inventory is complete (result() then holds the outcome).
  bool step(Iso15693Air& air, TagSink& sink);
  bool done() const { return phase_ == Phase::Done; }
  const InventoryResult& result() const { return res_; }
  uint16_t count() const { return res_.count; }  // tags read so far
  // A step in parts, for two readers' rounds in lockstep (BoardHal): true when the next step is a 16-slot round;
  // its mask; each slot's outcome (sink null: the caller keeps the UID and deliver()s it later); then roundEnd(),
  // true when the inventory is complete.
  bool inRounds() const { return phase_ == Phase::Rounds; }
  uint8_t roundMaskLen() const { return static_cast<uint8_t>(4 * depth_); }
  uint64_t roundMask() const { return mask(); }
  void roundSlot(Slot r, const uint8_t uid[8], TagSink* sink);
  bool roundEnd();
  void deliver(TagSink& sink, const uint8_t uid[8]);

 private:
  enum class Phase : uint8_t { Probe, Rounds, Done };
  struct Level {
    uint16_t pending;  // collided slots of this level's round not explored yet
    uint8_t slot;      // the slot explored below this level
  };
  bool finish() {
    phase_ = Phase::Done;
    return true;
  }
  uint64_t mask() const;
  Phase phase_ = Phase::Done;
  int8_t depth_ = 0;
  Level level_[16];
  uint16_t collided_ = 0;  // collided slots of the round under way
  uint8_t slot_ = 0;       // its next slot
  InventoryResult res_ = {0, false, false, false};
};

// Reads every tag into `sink` (uid MSB first, as printed in frames); `count` counts the reads handed over.
InventoryResult inventory15693(Iso15693Air& air, TagSink& sink);

}  // namespace fw
