// ISO/IEC 15693-3 inventory with anticollision: every vicinity tag in the field (chip stacks: many tags at once).
// 16-slot rounds; a slot where several tags answered is split again with 4 more mask bits, down to the full UID.
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
  // Closes the current slot with an EOF and returns the next slot's outcome.
  virtual Slot nextSlot(uint8_t uid[8]) = 0;
  virtual ~Iso15693Air() {}
};

struct InventoryResult {
  uint8_t count;
  bool overflow;    // more tags than `max`
  bool unresolved;  // a collision or RF error left some tags unread this scan
};

// Reads up to `max` tags into `out` (uid MSB first, as printed in frames).
InventoryResult inventory15693(Iso15693Air& air, TagRead* out, uint8_t max);

}  // namespace fw
