#include "iso14443a.h"
#include "config.h"

namespace fw {

namespace {

const uint8_t kCascadeTag = 0x88;
const uint8_t kSakCascade = 0x04;
const uint8_t kMaxDamaged = 2;  // damaged answers in one scan before it is unresolved (ERR COLLISION)

enum class Step : uint8_t { Resolved, Gone, Damaged };

// Resolves one card's CLn at `level`. Gone: a cascade frame got no answer, the card(s) left the field (a fold, a
// card slid away): ISO/IEC 14443-3 sends the PCD back to REQA, it is no collision. Damaged: an answer was cut
// short or its BCC is wrong.
Step resolveLevel(Iso14443Air& air, uint8_t level, uint8_t cl[5]) {
  uint8_t known[5] = {0, 0, 0, 0, 0};
  uint8_t bits = 0;
  for (uint8_t guard = 0; guard < 40; guard++) {
    uint8_t got[5];
    uint8_t coll = 0xFF;
    if (!air.anticollision(level, known, bits, got, coll)) return Step::Gone;
    if (coll == kDamaged) return Step::Damaged;
    if (coll == 0xFF) {
      for (uint8_t i = 0; i < 5; i++) cl[i] = got[i];
      return (cl[0] ^ cl[1] ^ cl[2] ^ cl[3]) == cl[4] ? Step::Resolved : Step::Damaged;  // BCC
    }
    if (coll < bits || coll >= 40) return Step::Damaged;
    // keep what all cards agreed on, then follow the cards whose colliding bit is 1
    for (uint8_t i = 0; i < 5; i++) known[i] = got[i];
    known[coll / 8] |= static_cast<uint8_t>(1u << (coll % 8));
    const uint8_t keep = (coll % 8) + 1;
    known[coll / 8] &= static_cast<uint8_t>((1u << keep) - 1);
    for (uint8_t i = coll / 8 + 1; i < 5; i++) known[i] = 0;
    bits = coll + 1;
  }
  return Step::Damaged;
}

// A card the antenna already held, checked by SELECT of its UID: REQA, SELECT CL1 (and CL2 for a 7-byte UID),
// HLTA; no anticollision frame (ISO/IEC 14443-3 6.4.3: a PICC in READY whose UID does not match a SELECT goes back
// to IDLE, so the other cards answer the next REQA). Returns false when the field is empty (nobody answered the
// REQA: the scan is complete); `found` says whether this card answered its SELECTs.
bool selectKnown(Iso14443Air& air, const TagRead& k, bool& found) {
  found = false;
  if (!air.request()) return false;
  uint8_t cl[5];
  uint8_t sak = 0;
  const bool seven = k.uidLen == 7;
  if (seven) cl[0] = kCascadeTag, cl[1] = k.uid[0], cl[2] = k.uid[1], cl[3] = k.uid[2];
  else
    for (uint8_t i = 0; i < 4; i++) cl[i] = k.uid[i];
  cl[4] = static_cast<uint8_t>(cl[0] ^ cl[1] ^ cl[2] ^ cl[3]);
  if (!air.select(1, cl, sak) || ((sak & kSakCascade) != 0) != seven) return true;
  if (seven) {
    for (uint8_t i = 0; i < 4; i++) cl[i] = k.uid[3 + i];
    cl[4] = static_cast<uint8_t>(cl[0] ^ cl[1] ^ cl[2] ^ cl[3]);
    if (!air.select(2, cl, sak) || (sak & kSakCascade)) return true;
  }
  air.halt();
  found = true;
  return true;
}

}  // namespace

InventoryResult inventory14443a(Iso14443Air& air, TagSink& sink, uint8_t max, bool requested) {
  InventoryResult res{0, false, false, false};
  uint8_t damaged = 0;
  // the cards it held first, by their UIDs (4 frames a 7-byte card instead of 6-7 with the anticollision); a card
  // that does not answer its SELECT is simply not read (left, or its SAK damaged: the REQA loop below finds it)
  uint16_t cursor = 0;
  TagRead k;
  while (!requested && sink.known(cursor, k)) {
    if (k.uidLen != 4 && k.uidLen != 7) continue;
    bool found = false;
    if (!selectKnown(air, k, found)) break;  // nobody answered: the REQA below says whether the field is empty
    if (!found) continue;
    if (!sink.tag(k.uid, k.uidLen)) {
      res.overflow = true;
      return res;
    }
    res.count++;
  }
  // each pass reads one card and halts it; a table antenna never holds more than a few cards
  for (uint8_t pass = 0; pass < max; pass++) {
    if (!(pass == 0 && requested) && !air.request()) return res;
    TagRead t;
    t.uidLen = 0;
    Step step = Step::Resolved;
    for (uint8_t level = 1; level <= 3; level++) {
      uint8_t cl[5];
      uint8_t sak = 0;
      step = resolveLevel(air, level, cl);
      if (step == Step::Resolved && !air.select(level, cl, sak)) step = Step::Gone;  // no SAK: it left the field
      if (step != Step::Resolved) break;
      const bool more = (sak & kSakCascade) != 0;
      for (uint8_t i = more ? 1 : 0; i < 4; i++)
        if (t.uidLen < kUidMaxBytes) t.uid[t.uidLen++] = cl[i];
        else t.uidLen = kUidMaxBytes + 1;  // 10-byte UID: no room in a frame
      if (!more) break;
      if (cl[0] != kCascadeTag) {
        step = Step::Damaged;
        break;
      }
    }
    // back to REQA: the cards still in the field answer it (a card halted this scan stays quiet), so a card that
    // left ends the scan cleanly and one whose answer was damaged is read again; only repeated damage is unresolved
    if (step == Step::Gone) continue;
    if (step == Step::Damaged) {
      if (++damaged > kMaxDamaged) {
        res.unresolved = true;
        return res;
      }
      continue;
    }
    air.halt();
    if (t.uidLen > kUidMaxBytes) {  // parked: a frame has no room for it, so the antenna reports FOREIGN_TAG
      res.foreign = true;
      continue;
    }
    if (!sink.tag(t.uid, t.uidLen)) {
      res.overflow = true;
      return res;
    }
    res.count++;
  }
  res.unresolved = true;  // still answering after `max` cards
  return res;
}

}  // namespace fw
