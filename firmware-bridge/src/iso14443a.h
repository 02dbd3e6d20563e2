// ISO/IEC 14443-3 type A: every card on the antenna (a seat holds two hole cards; NTAG cards, 7-byte UIDs).
// REQA wakes idle cards; the anticollision loop resolves one UID bit by bit through the cascade levels; SELECT
// then HLTA parks that card so the next REQA finds the others.
#pragma once
#include <stdint.h>
#include "iso15693.h"
#include "presence.h"

namespace fw {

// collisionAt of an anticollision answer that arrived damaged (a frame cut short: a card leaving mid-answer)
constexpr uint8_t kDamaged = 0xFE;

class Iso14443Air {
 public:
  // REQA (0x26): true when at least one card answered (ATQA, collided or not).
  virtual bool request() = 0;
  // ANTICOLLISION at cascade `level` (1..3) with the first `knownBits` of the 40-bit UID CLn + BCC given in
  // `known`; fills `got` (5 bytes, known bits included) and sets `collisionAt` to the first colliding bit
  // position (0..39) or 0xFF, or kDamaged when the answer was cut short or corrupt. False when nothing answered.
  virtual bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5],
                             uint8_t& collisionAt) = 0;
  // SELECT at `level` with the 5 bytes (4 UID + BCC); returns false on no answer, else the SAK.
  virtual bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) = 0;
  virtual void halt() = 0;
  virtual ~Iso14443Air() {}
};

// Reads every card into `sink`, one per pass (REQA, anticollision, SELECT, HLTA); the muck may hold 20 cards.
// A cascade frame without an answer means the card left (ISO/IEC 14443-3: back to REQA), never a collision; a
// damaged answer is read again from REQA, more than kMaxDamaged of them in a scan is unresolved, as is more than
// `max` passes. `requested`: the known cards were checked elsewhere (BoardHal's background card exchanges) and a
// REQA sent after them was answered: the cards still in the field are READY, the first pass starts at the
// anticollision (another REQA would send them back to IDLE unanswered, ISO/IEC 14443-3 6.3).
InventoryResult inventory14443a(Iso14443Air& air, TagSink& sink, uint8_t max = 40, bool requested = false);

}  // namespace fw
