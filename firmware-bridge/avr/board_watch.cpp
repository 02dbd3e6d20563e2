// The watched zone (issue 26 (b), board_hal.h): the FOCUS chip zone looked at between two rounds of another
// zone's inventory on its reader, and that inventory cut short (Interrupted) when chips landed there, so a push is
// read now and not after the neighbour's stack.
#include <Arduino.h>
#include <string.h>
#include "board_hal.h"

void BoardHal::focus(uint32_t antennas) {
  int8_t w = -1;
  for (uint8_t a = 0; a < sizeof kAntennaKind && w < 0; a++)
    if ((antennas >> a & 1) && kAntennaKind[a] == kChips && readerOf(a) >= kCardReaders) w = static_cast<int8_t>(a);
  if (w == watch_) return;
  watch_ = w;  // (a peek under way ends as it began: back to its inventory, cut short only for the zone watched now)
  watchHeld_ = 2;
}

// A probe of the watched zone (its own read's, or a peek's): what it holds now, and when it was looked at.
void BoardHal::watchSeen(fw::Slot s, const uint8_t uid[8]) {
  watchAt_ = static_cast<uint16_t>(::millis());
  watchHeld_ = s == fw::Slot::Empty ? 0 : s == fw::Slot::One ? 1 : 2;
  if (watchHeld_ == 1) memcpy(watchUid_, uid, 8);
}

// Reader r's inventory of another zone is between two rounds: is its watched zone due a look? Only where one probe
// tells a change (the zone was empty or held one chip; a stack's probe always collides) and not more often than the
// bridge would probe it on its own.
bool BoardHal::peekDue(uint8_t r) {
  return watch_ >= 0 && watchHeld_ < 2 && invOn_[r] != watch_ && readerOf(static_cast<uint8_t>(watch_)) == r &&
         static_cast<uint16_t>(static_cast<uint16_t>(::millis()) - watchAt_) >= fw::kFocusChipPeriodMs;
}

// Reader r's field to chip antenna `a` (off, switched, on: the tags there power up and settle 1 ms).
bool BoardHal::fieldTo(uint8_t r, int8_t a) {
  fw::Pn5180& pn = *pn_[r];
  pn.fieldOff();
  route(static_cast<uint8_t>(a));
  return pn.fieldOn(fw::Pn5180::Air::Iso15693);
}

void BoardHal::peekStart(uint8_t r) {
  peekA_ = watch_;
  bgOn_[r] = false;
  peek_ = kPeekSettle;
  if (fieldTo(r, peekA_)) return;
  fieldTo(r, invOn_[r]);  // the chip did not answer: back to the inventory, whose round finds out
  peek_ = kPeekBack;
}

void BoardHal::peekPump(uint8_t r) {
  fw::Pn5180& pn = *pn_[r];
  const uint32_t settle = fw::Pn5180::settleUs(fw::Pn5180::Air::Iso15693);
  if (peek_ == kPeekBack) {  // the inventory's field again: its next round once it has settled
    if (pn.fieldAge() < settle) return;
    peek_ = kPeekNone;
    bgBegin(r);
    return;
  }
  if (peek_ == kPeekSettle) {
    if (pn.fieldAge() < settle) return;
    peek_ = kPeekProbe;
    bgOn_[r] = pn.probeBegin();
    if (bgOn_[r]) return;  // (nothing sent: a stalled chip; the inventory's next round finds it out)
  } else {
    fw::Slot s = fw::Slot::Empty;
    uint8_t uid[8] = {};
    if (!pn.slotPoll(s, uid)) return;
    bgOn_[r] = false;
    const bool watched = peekA_ == watch_;
    // more than it held: a chip where there was none, another chip than the one, several (the probe collided)
    const bool more = watched && (s == fw::Slot::Collision ||
                                  (s == fw::Slot::One && !(watchHeld_ == 1 && memcmp(uid, watchUid_, 8) == 0)));
    if (watched) watchSeen(s, uid);
    if (more) {  // the inventory is cut short: the bridge reads the watched zone now (readTags: Interrupted)
      peek_ = kPeekNone;
      peekHit_ = true;
      peekSlot_ = static_cast<uint8_t>(s);
      memcpy(peekUid_, uid, 8);
      bgDone_[r] = true;
      return;
    }
  }
  fieldTo(r, invOn_[r]);
  peek_ = kPeekBack;
}
