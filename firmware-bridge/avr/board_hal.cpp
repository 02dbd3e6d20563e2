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
}

void BoardSpi::exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) {
  SPI.beginTransaction(kSpi);
  digitalWrite(nss_, LOW);
  for (uint8_t i = 0; i < n; i++) {
    const uint8_t r = SPI.transfer(tx[i]);
    if (rx) rx[i] = r;
  }
  digitalWrite(nss_, HIGH);
  SPI.endTransaction();
}

bool BoardSpi::busy() { return digitalRead(busy_) == HIGH; }
uint32_t BoardSpi::micros() { return ::micros(); }
void BoardSpi::reset(bool low) { digitalWrite(rst_, low ? LOW : HIGH); }
void BoardSpi::delayUs(uint16_t us) {
  while (us > 10000) delay(10), us -= 10000;
  delayMicroseconds(us);
}

BoardHal::BoardHal() : pn0_(spi_[0]), pn1_(spi_[1]), pn2_(spi_[2]), pn3_(spi_[3]) {
  pn_[0] = &pn0_, pn_[1] = &pn1_, pn_[2] = &pn2_, pn_[3] = &pn3_;
  for (uint8_t r = 0; r < kReaders; r++) onAir_[r] = -1, invOn_[r] = -1, bootTry_[r] = 0;
}

void BoardHal::begin() {
  Serial.begin(115200);
  DDRA = 0x3F;  // RF switch select lines of readers 0 and 1
  DDRC = 0x3F;  // readers 2 and 3
  for (uint8_t r = 0; r < kReaders; r++) spi_[r].begin(kPinNss[r], kPinBusy[r], kPinReset[r]);
  SPI.begin();
  for (uint8_t r = 0; r < kReaders; r++) {
    pn_[r]->boot();
    bootTry_[r] = ::millis();
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
void BoardHal::serialWrite(const char* data, uint8_t len) { Serial.write(reinterpret_cast<const uint8_t*>(data), len); }

void BoardHal::route(uint8_t a) {
  const uint8_t r = readerOf(a);
  uint8_t port = 0;
  for (uint8_t i = 0; i < a; i++) port += kReaderOf[i] == r;
  const uint8_t shift = kSwitchShift[r];
  volatile uint8_t& reg = r < 2 ? PORTA : PORTC;
  reg = static_cast<uint8_t>((reg & ~(0x7 << shift)) | (port & 0x7) << shift);
}

void BoardHal::prepare(uint8_t a) {
  const uint8_t r = readerOf(a);
  fw::Pn5180& pn = *pn_[r];
  if (pn.air() != fw::Pn5180::Air::None) pn.fieldOff();
  onAir_[r] = -1;
  if (!pn.booted()) {
    if (::millis() - bootTry_[r] < 2000) return;  // a chip that failed to boot: reset again every 2 s
    bootTry_[r] = ::millis();
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
    bootTry_[r] = ::millis();
    return fw::ReadStatus::Timeout;
  }
  if (res.overflow) return fw::ReadStatus::Overrun;
  if (res.unresolved) return fw::ReadStatus::Collision;
  return res.foreign ? fw::ReadStatus::Foreign : fw::ReadStatus::Ok;
}

int8_t BoardHal::partnerOf(uint8_t r) const {
  if (heldReader_ >= 0) return -1;
  for (uint8_t o = 0; o < kReaders; o++)
    if (o != r && invOn_[o] >= 0 && inv_[o].inRounds() && !pn_[o]->stalled()) return static_cast<int8_t>(o);
  return -1;
}

fw::ReadStatus BoardHal::lockstep(uint8_t r, uint8_t o, fw::TagSink& sink) {
  fw::Pn5180& a = *pn_[r];
  fw::Pn5180& b = *pn_[o];
  const uint8_t lenA = inv_[r].roundMaskLen(), lenB = inv_[o].roundMaskLen();
  const uint64_t maskA = inv_[r].roundMask(), maskB = inv_[o].roundMask();
  bool liveA = true, liveB = true;  // a reader whose slot failed ends its round there (as Inventory15693::step)
  heldN_ = 0;
  uint8_t uid[8];
  for (uint8_t s = 0; s < 16 && (liveA || liveB); s++) {
    const bool sentA = liveA && a.slotBegin(s == 0, lenA, maskA);
    const bool sentB = liveB && b.slotBegin(s == 0, lenB, maskB);
    if (liveA) {
      const fw::Slot ra = sentA ? a.slotEnd(uid) : a.stalled() ? fw::Slot::Error : fw::Slot::Empty;
      inv_[r].roundSlot(ra, uid, &sink);
      liveA = ra != fw::Slot::Error;
    }
    if (liveB) {
      const fw::Slot rb = sentB ? b.slotEnd(uid) : b.stalled() ? fw::Slot::Error : fw::Slot::Empty;
      if (rb == fw::Slot::One && heldN_ < 16)
        for (uint8_t i = 0; i < 8; i++) heldUid_[heldN_][i] = uid[i];
      if (rb == fw::Slot::One && heldN_ < 16) heldN_++;
      inv_[o].roundSlot(rb, uid, nullptr);
      liveB = rb != fw::Slot::Error;
    }
  }
  heldDone_ = inv_[o].roundEnd();
  heldReader_ = static_cast<int8_t>(o);
  return inv_[r].roundEnd() ? finish(r, inv_[r].result()) : fw::ReadStatus::Pending;
}

fw::ReadStatus BoardHal::readTags(uint8_t a, fw::TagSink& sink) {
  const uint8_t r = readerOf(a);
  fw::Pn5180& pn = *pn_[r];
  // a chip inventory under way: its next round, the field still on
  if (invOn_[r] == a) {
    if (heldReader_ == static_cast<int8_t>(r)) {  // its round already ran beside another reader's
      heldReader_ = -1;
      for (uint8_t i = 0; i < heldN_; i++) inv_[r].deliver(sink, heldUid_[i]);
      return heldDone_ ? finish(r, inv_[r].result()) : fw::ReadStatus::Pending;
    }
    const int8_t o = inv_[r].inRounds() ? partnerOf(r) : -1;
    if (o >= 0) return lockstep(r, static_cast<uint8_t>(o), sink);
    return inv_[r].step(pn, sink) ? finish(r, inv_[r].result()) : fw::ReadStatus::Pending;
  }
  if (onAir_[r] != a) prepare(a);
  if (onAir_[r] != a) return fw::ReadStatus::Timeout;
  onAir_[r] = -1;
  const uint8_t kind = a < sizeof kAntennaKind ? kAntennaKind[a] : kCards;
  if (kind == kChips) {
    pn.settle();
    inv_[r].begin();
    invOn_[r] = a;
    return inv_[r].step(pn, sink) ? finish(r, inv_[r].result()) : fw::ReadStatus::Pending;
  }
  fw::ReadStatus st = fw::ReadStatus::Ok;
  if (kind & kCards) st = fw::readAntenna(pn, fw::Pn5180::Air::Iso14443A, sink);
  if ((kind & kChips) && st != fw::ReadStatus::Timeout) {
    const fw::ReadStatus st2 = fw::readAntenna(pn, fw::Pn5180::Air::Iso15693, sink);
    if (st2 != fw::ReadStatus::Ok) st = st2;
  }
  if (st == fw::ReadStatus::Timeout) pn.lost(), bootTry_[r] = ::millis();  // a stalled chip: reset in 2 s
  return st;
}

uint8_t BoardHal::face(uint8_t antenna) {
  if (antenna >= kFaceSensors) return '-';
  const int v = analogRead(A0 + antenna);
  if (v < kNoCard) return '-';
  return v >= kFaceThreshold ? 'D' : 'U';
}
