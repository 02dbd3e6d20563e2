// The card readers' background reads (BoardHal::cardPump, board_hal.h): a card antenna's cards the antenna held,
// each checked by SELECT of its UID, then a closing REQA, one exchange a call from pump(); a new card's
// anticollision and the enroll pad's chips when the read is collected (cardFinish, from readTags).
#include <Arduino.h>
#include "board_hal.h"

void BoardHal::cardSend(uint8_t r, fw::Pn5180::CardFrame f, uint8_t level, uint8_t step) {
  const fw::TagRead& k = cardKnown_[r];
  uint8_t cl[5] = {0, 0, 0, 0, 0};
  if (f == fw::Pn5180::CardFrame::Select) {
    // CL1 of a 7-byte UID: the cascade tag and its first 3 bytes; CL2: its last 4; a 4-byte UID: its 4 bytes
    if (level == 2) cl[0] = k.uid[3], cl[1] = k.uid[4], cl[2] = k.uid[5], cl[3] = k.uid[6];
    else if (k.uidLen == 7) cl[0] = 0x88, cl[1] = k.uid[0], cl[2] = k.uid[1], cl[3] = k.uid[2];
    else cl[0] = k.uid[0], cl[1] = k.uid[1], cl[2] = k.uid[2], cl[3] = k.uid[3];
    cl[4] = static_cast<uint8_t>(cl[0] ^ cl[1] ^ cl[2] ^ cl[3]);  // BCC
  }
  if (pn_[r]->cardBegin(f, level, cl)) cardStep_[r] = step;
  else cardEnd(r, kCardTimeout);  // nothing went out: the chip stalled
}

void BoardHal::cardEnd(uint8_t r, uint8_t step) {
  cardStep_[r] = step;
  bgDone_[r] = true;
  // every card read (no new card to resolve here, no chips to read after): the field goes to the next antenna now
  const int8_t next = nextOn_[r];
  nextOn_[r] = -1;
  if (step == kCardOk && next >= 0 && kAntennaKind[invOn_[r]] == kCards) prepare(static_cast<uint8_t>(next));
}

void BoardHal::cardNext(uint8_t r) {
  fw::TagRead& k = cardKnown_[r];
  while (sink_[r]->known(cardCursor_[r], k))
    if (k.uidLen == 4 || k.uidLen == 7) return cardSend(r, fw::Pn5180::CardFrame::Reqa, 0, kCardReqa);
  cardSend(r, fw::Pn5180::CardFrame::Reqa, 0, kCardLast);  // the cards not known yet answer this one
}

// One step of a card reader's background read: what iso14443a.cpp's selectKnown does, an exchange per call.
void BoardHal::cardPump(uint8_t r) {
  fw::Pn5180& pn = *pn_[r];
  const uint8_t step = cardStep_[r];
  if (step == kCardSettle) {
    if (pn.fieldAge() >= fw::Pn5180::settleUs(fw::Pn5180::Air::Iso14443A)) cardNext(r);
    return;
  }
  uint32_t st = 0;
  const int8_t got = pn.cardPoll(st);
  if (got == 0) return;
  if (pn.stalled()) return cardEnd(r, kCardTimeout);
  const bool answered = got > 0 && (st & fw::Pn5180::kRxBytesMask) > 0;
  const bool seven = cardKnown_[r].uidLen == 7;
  uint8_t sak = 0;
  switch (step) {
    case kCardLast:  // nobody: every card was read; an answer: a card not known yet, resolved by readTags
      return cardEnd(r, answered ? kCardNew : kCardOk);
    case kCardReqa:  // nobody answered: the field is empty, the known cards left are not read (latch-off)
      if (!answered) return cardEnd(r, kCardOk);
      return cardSend(r, fw::Pn5180::CardFrame::Select, 1, kCardSel1);
    case kCardSel1:  // no SAK, or a SAK that does not fit the UID: this card is not read (left, or damaged)
      if (!answered || !pn.cardSak(st, sak) || ((sak & 0x04) != 0) != seven) return cardNext(r);
      if (seven) return cardSend(r, fw::Pn5180::CardFrame::Select, 2, kCardSel2);
      return cardSend(r, fw::Pn5180::CardFrame::Halt, 0, kCardHalt);
    case kCardSel2:
      if (!answered || !pn.cardSak(st, sak) || (sak & 0x04)) return cardNext(r);
      return cardSend(r, fw::Pn5180::CardFrame::Halt, 0, kCardHalt);
    case kCardHalt:  // halted (no answer is success): the card is read
      if (!sink_[r]->tag(cardKnown_[r].uid, cardKnown_[r].uidLen)) return cardEnd(r, kCardOverrun);
      return cardNext(r);
    default:
      return;
  }
}

fw::ReadStatus BoardHal::cardFinish(uint8_t r, uint8_t a, fw::TagSink& sink) {
  fw::Pn5180& pn = *pn_[r];
  const uint8_t step = cardStep_[r];
  cardStep_[r] = kCardIdle;
  sink_[r] = nullptr;
  invOn_[r] = -1;
  fw::ReadStatus st = step == kCardTimeout ? fw::ReadStatus::Timeout
                      : step == kCardOverrun ? fw::ReadStatus::Overrun
                                             : fw::ReadStatus::Ok;
  nextOn_[r] = -1;
  if (step == kCardNew) {  // the cards that answered the closing REQA are READY: the anticollision goes on from there
    const fw::InventoryResult res = fw::inventory14443a(pn, sink, 40, true);
    st = pn.stalled()      ? fw::ReadStatus::Timeout
         : res.overflow   ? fw::ReadStatus::Overrun
         : res.unresolved ? fw::ReadStatus::Collision
         : res.foreign    ? fw::ReadStatus::Foreign
                          : fw::ReadStatus::Ok;
  }
  if (onAir_[r] < 0) pn.fieldOff();  // (else the field is on the next antenna already: cardEnd)
  // the enroll pad (cards, then chips): its chip inventory in the background too, the cards' outcome kept for it
  if ((kAntennaKind[a] & kChips) && st != fw::ReadStatus::Timeout && pn.fieldOn(fw::Pn5180::Air::Iso15693)) {
    cardCursor_[r] = static_cast<uint16_t>(0x8000u | static_cast<uint8_t>(st));  // (the cursor is done with)
    return chipStart(r, a, sink);
  }
  if (pn.stalled()) st = fw::ReadStatus::Timeout;
  if (st == fw::ReadStatus::Timeout) pn.lost(), bootTry_[r] = static_cast<uint16_t>(::millis());  // a stalled chip: reset in 2 s
  return st;
}
