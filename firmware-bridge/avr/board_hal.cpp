#include "board_hal.h"
#include <Arduino.h>
#include <SPI.h>
#include <avr/eeprom.h>

static const SPISettings kSpi(7000000, MSBFIRST, SPI_MODE0);  // PN5180: up to 7 MHz, mode 0

void BoardSpi::begin(uint8_t nss, uint8_t busy, uint8_t rst) {
  nss_ = nss;
  busy_ = busy;
  rst_ = rst;
  digitalWrite(rst_, HIGH);  // high before the pin turns output: no reset or select glitch
  pinMode(rst_, OUTPUT);
  digitalWrite(nss_, HIGH);
  pinMode(nss_, OUTPUT);
  pinMode(busy_, INPUT);
  nssOut_ = portOutputRegister(digitalPinToPort(nss_));
  nssMask_ = digitalPinToBitMask(nss_);
  busyIn_ = portInputRegister(digitalPinToPort(busy_));
  busyMask_ = digitalPinToBitMask(busy_);
}

// One host-interface frame: NSS low, the bytes at the SPI clock (SPDR, SPIF), NSS high. The BUSY handshake is the
// driver's (Pn5180::ready before and after each frame). No interrupt handler touches the NSS ports (PORTB, PORTL, PORTC, PORTH).
// The PN5180s are the bus's only devices and no interrupt handler uses SPI: its settings are set once (begin), not
// for every frame. `tx` null: 0xFF clocked out (the read of an answer); `rx` null: what comes in is dropped.
void BoardSpi::exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) {
  // Each byte's successor is loaded while the SPI shifts, and goes into SPDR the cycle SPIF is seen (reading SPSR
  // with SPIF set, then SPDR, clears it): ~35 cycles a byte at fosc/4 instead of ~45 (an empty slot: 27 bytes)
  if (!n) return;
  *nssOut_ &= static_cast<uint8_t>(~nssMask_);
  if (!tx) {
    SPDR = 0xFF;
    while (--n) {
      while (!(SPSR & _BV(SPIF))) {
      }
      const uint8_t v = SPDR;
      SPDR = 0xFF;
      *rx++ = v;
    }
    while (!(SPSR & _BV(SPIF))) {
    }
    *rx = SPDR;
  } else if (!rx) {
    SPDR = *tx++;
    while (--n) {
      const uint8_t b = *tx++;
      while (!(SPSR & _BV(SPIF))) {
      }
      SPDR = b;
    }
    while (!(SPSR & _BV(SPIF))) {
    }
    (void)SPDR;
  } else {
    for (; n; n--) {
      SPDR = *tx++;
      while (!(SPSR & _BV(SPIF))) {
      }
      *rx++ = SPDR;
    }
  }
  *nssOut_ |= nssMask_;
}

bool BoardSpi::busy() { return (*busyIn_ & busyMask_) != 0; }
uint32_t BoardSpi::micros() { return ::micros(); }
void BoardSpi::reset(bool low) { digitalWrite(rst_, low ? LOW : HIGH); }
void BoardSpi::delayUs(uint16_t us) {
  while (us > 10000) delay(10), us -= 10000;
  delayMicroseconds(us);
}

static BoardHal* g_board = nullptr;  // the one board: the SPI waits pump its background rounds
void BoardSpi::idle() {
  if (g_board) g_board->pump();
}

BoardHal::BoardHal()
    : pn0_(spi_[0]), pn1_(spi_[1]), pn2_(spi_[2]), pn3_(spi_[3]), pn4_(spi_[4]), pn5_(spi_[5]), pn6_(spi_[6]) {
  static_assert(kReaders == 7, "one Pn5180 member per reader");
  pn_[0] = &pn0_, pn_[1] = &pn1_, pn_[2] = &pn2_, pn_[3] = &pn3_, pn_[4] = &pn4_, pn_[5] = &pn5_, pn_[6] = &pn6_;
  for (uint8_t r = 0; r < kReaders; r++)
    onAir_[r] = -1, invOn_[r] = -1, bootTry_[r] = 0, sink_[r] = nullptr, bgOn_[r] = false, bgDone_[r] = false,
    bgProbe_[r] = false;
  for (uint8_t r = 0; r < kCardReaders; r++) cardStep_[r] = kCardIdle, cardCursor_[r] = 0, nextOn_[r] = -1;
  g_board = this;
}

void BoardHal::begin() {
  Serial.begin(115200);
  DDRA = 0x3F;   // RF switch select lines of readers 0 and 1 (PORTA 6-7: BUSY of readers 4 and 5, inputs)
  DDRC = 0x3F;   // readers 2 and 3 (PORTC 6-7: NSS of readers 5 and 4, made outputs by BoardSpi::begin)
  DDRH |= 0x38;  // reader 4
  DDRB |= 0x70;  // reader 5 (PORTB 0-3: NSS of reader 0 and the SPI lines)
  DDRK |= 0x1C;  // reader 6 (PORTK 0-1: the face sensors of seats 9 and 10; 5-6: its BUSY and RST; 7: A15, the noise)
  for (uint8_t r = 0; r < kReaders; r++) spi_[r].begin(kPinNss[r], kPinBusy[r], kPinReset[r]);
  SPI.begin();
  SPI.beginTransaction(kSpi);  // held: every frame runs at these settings (BoardSpi::exchange)
  for (uint8_t r = 0; r < kReaders; r++) {
    pn_[r]->boot();
    bootTry_[r] = static_cast<uint16_t>(::millis());
  }
  // A boot id that differs at every start: a counter kept in EEPROM, mixed with analog noise.
  uint16_t boots = eeprom_read_word(reinterpret_cast<uint16_t*>(0));
  eeprom_write_word(reinterpret_cast<uint16_t*>(0), ++boots);
  bootId_ = static_cast<uint16_t>(boots * 0x9E37u ^ static_cast<uint16_t>(analogRead(A15)) << 8);
  // Device id from EEPROM bytes 2-8 (written once when the board is built), default BR-0000.
  for (uint8_t i = 0; i < 7; i++) {
    const uint8_t c = eeprom_read_byte(reinterpret_cast<uint8_t*>(2 + i));
    if (c < 0x21 || c > 0x7E || c == ',' || c == '*' || c == '$') break;
    deviceId_[i] = static_cast<char>(c);
  }
}

uint32_t BoardHal::millis() { return ::millis(); }
int BoardHal::serialRead() { return Serial.read(); }
// A frame waits for room in the 64-byte TX buffer (115200 baud: 11.5 bytes a ms; a 40-chip INV is 75 ms): the
// background rounds run meanwhile instead of stalling behind the link.
void BoardHal::serialWrite(const char* data, uint8_t len) {
  for (uint8_t i = 0; i < len; i++) {
    while (Serial.availableForWrite() <= 0) pump();
    Serial.write(static_cast<uint8_t>(data[i]));
  }
}

void BoardHal::route(uint8_t a) {
  const uint8_t r = readerOf(a);
  uint8_t port = 0;
  for (uint8_t i = 0; i < a; i++) port += kReaderOf[i] == r;
  const uint8_t shift = kSwitchShift[r];
  volatile uint8_t& reg = r < 2 ? PORTA : r < 4 ? PORTC : r == 4 ? PORTH : r == 5 ? PORTB : PORTK;
  reg = static_cast<uint8_t>((reg & ~(0x7 << shift)) | (port & 0x7) << shift);
}

void BoardHal::prepare(uint8_t a) {
  const uint8_t r = readerOf(a);
  fw::Pn5180& pn = *pn_[r];
  if (peekHit_ && readerOf(static_cast<uint8_t>(peekA_)) == r) peekHit_ = false;  // its field goes elsewhere
  if (pn.air() != fw::Pn5180::Air::None) pn.fieldOff();
  onAir_[r] = -1;
  if (!pn.booted()) {
    const uint16_t ms = static_cast<uint16_t>(::millis());
    if (static_cast<uint16_t>(ms - bootTry_[r]) < 2000) return;  // a chip that failed to boot: reset again every 2 s
    bootTry_[r] = ms;
    if (!pn.boot()) return;
  }
  route(a);  // switch with the field off, then field on: the tags see it come up
  const uint8_t kind = a < sizeof kAntennaKind ? kAntennaKind[a] : kCards;
  if (pn.fieldOn(kind & kCards ? fw::Pn5180::Air::Iso14443A : fw::Pn5180::Air::Iso15693)) onAir_[r] = a;
}

fw::ReadStatus BoardHal::finish(uint8_t r, const fw::InventoryResult& res) {
  fw::Pn5180& pn = *pn_[r];
  pn.fieldOff();
  invOn_[r] = -1;
  if (pn.stalled()) {
    pn.lost();
    bootTry_[r] = static_cast<uint16_t>(::millis());
    return fw::ReadStatus::Timeout;
  }
  if (res.overflow) return fw::ReadStatus::Overrun;
  if (res.unresolved) return fw::ReadStatus::Collision;
  return res.foreign ? fw::ReadStatus::Foreign : fw::ReadStatus::Ok;
}

void BoardHal::bgBegin(uint8_t r) {
  bgSlot_[r] = 0;
  bgOn_[r] = pn_[r]->slotBegin(true, inv(r).roundMaskLen(), inv(r).roundMask());
  if (!bgOn_[r]) {  // nothing went on air: the slot is Error (stalled) or Empty, the round goes on from pump()
    const fw::Slot s = pn_[r]->stalled() ? fw::Slot::Error : fw::Slot::Empty;
    uint8_t uid[8] = {};
    inv(r).roundSlot(s, uid, sink_[r]);
    bgSlot_[r] = 1;
    if (s == fw::Slot::Error) inv(r).roundEnd(), bgDone_[r] = true;
  }
}

void BoardHal::pump() {
  if (pumping_) return;
  pumping_ = true;
  // the chip readers' slots first (a slot is due every ~0.5 ms; every ms of delay repeats over ~270 slots of a
  // 40-chip inventory), then the card readers' exchanges (one a card, ~4 a known card)
  chipPump();
  bool cards = false;  // a card exchange under way (most pumps: none, and no clock read for the gate below)
  for (uint8_t r = 0; r < kCardReaders; r++) cards |= invOn_[r] >= 0 && !bgDone_[r] && cardStep_[r] != kCardIdle;
  if (!cards) {
    pumping_ = false;
    return;
  }
  // a stack's inventory (8 tags read already: ~270 slots in a row) whose slot is due within 60 us: the card
  // exchanges wait for the next pump, after that slot (0.15 ms before scan8: with 4 chip readers at 25+ chips one
  // of them was nearly always that close, the cards waited; at 60 us the push went x1.49-1.58 -> x1.38-1.48)
  const uint32_t now = ::micros();
  for (uint8_t r = kCardReaders; r < kReaders; r++)
    if (invOn_[r] >= 0 && !bgDone_[r] && bgOn_[r] && !bgProbe_[r] && inv(r).count() >= 8 &&
        pn_[r]->slotDueIn(now) < 60) {
      pumping_ = false;
      return;
    }
  for (uint8_t r = 0; r < kCardReaders; r++)
    if (invOn_[r] >= 0 && !bgDone_[r] && cardStep_[r] != kCardIdle) cardPump(r);
  pumping_ = false;
}

void BoardHal::chipPump() {
  if (chipPumping_) return;
  chipPumping_ = true;
  // the chip readers first, then the card readers (the enroll pad's chips); no `% kReaders` (avr-gcc's -Os calls
  // its 16-bit division routine, ~0.2 ms a pump of six readers: a fifth of the CPU while slots waited)
  // The focused zone's reader first (the seat to act: a push there waits for no other reader's slot work), then
  // the others in turn.
  uint32_t now = ::micros();
  bool worked = false;  // a reader's SPI frames ran since `now` was read: read it again
  const uint8_t first = watch_ >= 0 ? readerOf(static_cast<uint8_t>(watch_)) : kCardReaders;
  for (uint8_t r = first, i = 0; i < kReaders; i++, r = r + 1 == kReaders ? 0 : r + 1) {
    // (chipStep's first checks here too: most pumps find no reader due, and a call costs its ~40 registers' saves)
    if (invOn_[r] < 0 || bgDone_[r] || (!worked && bgOn_[r] && !pn_[r]->slotDue(now))) continue;
    if (worked) now = ::micros();
    worked = chipStep(r, now);
    // the focused zone's reader again after another reader's step (its SPI frames, a UID into the pool): a slot of
    // the seat to act's push that fell due meanwhile goes on now, not after the rest of the pass
    if (worked && r != first && watch_ >= 0) now = ::micros(), worked = chipStep(first, now);
  }
  chipPumping_ = false;
}

// One step of reader r's background inventory, if it has one: the probe sent once the field settled, a slot's
// outcome taken and the next slot sent, the next round begun. False: nothing to do yet (no SPI frame was sent).
bool BoardHal::chipStep(uint8_t r, uint32_t now) {
  if (invOn_[r] < 0 || bgDone_[r]) return false;
  if (r < kCardReaders && cardStep_[r] != kCardIdle) return false;  // its card exchanges: pump()
  if (r == kCardsOnlyReader) return false;                          // (no chip inventory: cards only)
  fw::Pn5180& pn = *pn_[r];
  if (bgOn_[r] && !pn.slotDue(now)) return false;  // its slot's outcome cannot be known yet: no call, no SPI
  uint8_t uid[8];
  fw::Slot s = fw::Slot::Empty;
  if (bgProbe_[r] && !bgOn_[r]) {  // the field settling: the probe goes on air once it has
    if (pn.fieldAge() < fw::Pn5180::settleUs(fw::Pn5180::Air::Iso15693)) return true;
    bgOn_[r] = pn.probeBegin();
    if (bgOn_[r]) return true;
    bgProbe_[r] = false;  // nothing sent: a stalled chip (ANT_TIMEOUT) or an empty slot
    uint8_t none[8] = {};
    inv(r).probed(pn.stalled() ? fw::Slot::Error : fw::Slot::Empty, none, *sink_[r]);
    bgDone_[r] = true;
    return true;
  }
  if (peek_ != kPeekNone && r == readerOf(static_cast<uint8_t>(peekA_))) {
    peekPump(r);
    return true;
  }
  if (bgProbe_[r]) {  // the probe's answer: empty or one chip ends the inventory, a collision starts the rounds
    if (!pn.slotPoll(s, uid)) return true;
    bgProbe_[r] = bgOn_[r] = false;
    if (invOn_[r] == watch_) watchSeen(s, uid);
    if (inv(r).probed(s, uid, *sink_[r])) bgDone_[r] = true;
    else if (peekDue(r)) peekStart(r);
    else bgBegin(r);
    return true;
  }
  if (!inv(r).inRounds()) return true;
  if (bgOn_[r]) {
    if (!pn.slotPoll(s, uid)) return true;  // its answer may still come
    bgOn_[r] = false;
  } else if (bgSlot_[r] > 0) {  // a slot that could not be sent
    s = pn.stalled() ? fw::Slot::Error : fw::Slot::Empty;
  } else {
    return true;
  }
  bgSlot_[r]++;
  if (s != fw::Slot::Error && bgSlot_[r] < 16) {
    // the next slot's EOF first, then this slot's UID into the presence pool (a pool search, ~0.4 ms on the
    // AVR, while the next slot is on air instead of before it)
    bgOn_[r] = pn.slotBegin(false, 0, 0);
    inv(r).roundSlot(s, uid, sink_[r]);
    if (!bgOn_[r] && pn.stalled()) {
      inv(r).roundSlot(fw::Slot::Error, uid, sink_[r]);
      inv(r).roundEnd();
      bgDone_[r] = true;  // a stalled chip: finish() reports ANT_TIMEOUT
    }
    return true;
  }
  inv(r).roundSlot(s, uid, sink_[r]);
  if (inv(r).roundEnd() || s == fw::Slot::Error) {
    bgDone_[r] = true;  // complete: the bridge's next readTags(a) reports it
    return true;
  }
  if (peekDue(r)) peekStart(r);  // the watched zone first, between two rounds
  else bgBegin(r);               // the next round at once, the field still on
  return true;
}

// A chip inventory of antenna `a`, its field on: the field's 1 ms settle, then the 1-slot probe, sent and answered
// in the background like every slot (the loop waits neither the settle nor the ~6 ms of a collided probe).
fw::ReadStatus BoardHal::chipStart(uint8_t r, uint8_t a, fw::TagSink& sink) {
  inv(r).begin();
  invOn_[r] = a;
  sink_[r] = &sink;
  bgDone_[r] = false;
  bgOn_[r] = false;
  if (peekHit_ && a == peekA_) {  // the watched zone after a peek found it changed: that probe's outcome, no other
    peekHit_ = false;
    bgProbe_[r] = false;
    if (inv(r).probed(static_cast<fw::Slot>(peekSlot_), peekUid_, sink)) bgDone_[r] = true;
    else bgBegin(r);
    return fw::ReadStatus::Pending;
  }
  bgProbe_[r] = true;  // the probe goes on air once the field has settled (pump)
  return fw::ReadStatus::Pending;
}

fw::ReadStatus BoardHal::readTags(uint8_t a, fw::TagSink& sink) {
  const uint8_t r = readerOf(a);
  fw::Pn5180& pn = *pn_[r];
  // a chip inventory or a card read under way in the background: reported once complete
  if (invOn_[r] == a) {
    pump();
    if (!bgDone_[r]) return fw::ReadStatus::Pending;
    bgDone_[r] = false;
    if (r < kCardReaders && cardStep_[r] != kCardIdle) return cardFinish(r, a, sink);
    if (peekHit_ && readerOf(static_cast<uint8_t>(peekA_)) == r && a != peekA_) {
      invOn_[r] = -1;  // cut short for the watched zone: its field stays on, the bridge reads it next
      sink_[r] = nullptr;
      onAir_[r] = peekA_;
      return fw::ReadStatus::Interrupted;
    }
    sink_[r] = nullptr;
    // the watched zone's stack taken while its inventory ran: that inventory found nothing, the zone is empty
    if (a == watch_ && inv(r).result().count == 0 && !inv(r).result().unresolved) watchHeld_ = 0;
    const fw::ReadStatus chips = finish(r, inv(r).result());
    if (r >= kCardReaders || !(cardCursor_[r] & 0x8000u)) return chips;
    // the enroll pad: both outcomes (its cards' kept where the card read's cursor was)
    const fw::ReadStatus cards = static_cast<fw::ReadStatus>(cardCursor_[r] & 0xFF);
    cardCursor_[r] = 0;
    return chips == fw::ReadStatus::Ok ? cards : chips;
  }
  if (onAir_[r] != a) prepare(a);
  if (onAir_[r] != a) return fw::ReadStatus::Timeout;
  onAir_[r] = -1;
  const uint8_t kind = a < sizeof kAntennaKind ? kAntennaKind[a] : kCards;
  if (kind == kChips) return chipStart(r, a, sink);
  if (kind == kCards && r < kCardReaders) {  // the field settles and the cards are read in the background
    invOn_[r] = a;
    sink_[r] = &sink;
    bgDone_[r] = false;
    cardCursor_[r] = 0;
    cardStep_[r] = kCardSettle;
    return fw::ReadStatus::Pending;
  }
  fw::ReadStatus st = fw::ReadStatus::Ok;
  if (kind & kCards) st = fw::readAntenna(pn, fw::Pn5180::Air::Iso14443A, sink);
  if ((kind & kChips) && st != fw::ReadStatus::Timeout) {
    const fw::ReadStatus st2 = fw::readAntenna(pn, fw::Pn5180::Air::Iso15693, sink);
    if (st2 != fw::ReadStatus::Ok) st = st2;
  }
  if (st == fw::ReadStatus::Timeout) pn.lost(), bootTry_[r] = static_cast<uint16_t>(::millis());  // a stalled chip: reset in 2 s
  return st;
}

uint8_t BoardHal::face(uint8_t antenna) {
  if (antenna >= kFaceSensors) return '-';
  const int v = analogRead(A0 + antenna);
  if (v < kNoCard) return '-';
  return v >= kFaceThreshold ? 'D' : 'U';
}
