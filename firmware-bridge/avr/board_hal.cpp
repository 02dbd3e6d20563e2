#include "board_hal.h"
#include <Arduino.h>
#include <SPI.h>
#include <avr/eeprom.h>
#include "board_config.h"

static const SPISettings kSpi(7000000, MSBFIRST, SPI_MODE0);  // PN5180: up to 7 MHz, mode 0

void BoardSpi::begin() {
  pinMode(kPinNss, OUTPUT);
  digitalWrite(kPinNss, HIGH);
  pinMode(kPinBusy, INPUT);
  pinMode(kPinReset, OUTPUT);
  digitalWrite(kPinReset, LOW);  // hard reset pulse
  delay(2);
  digitalWrite(kPinReset, HIGH);
  delay(5);
  SPI.begin();
}

void BoardSpi::exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) {
  SPI.beginTransaction(kSpi);
  digitalWrite(kPinNss, LOW);
  for (uint8_t i = 0; i < n; i++) {
    const uint8_t r = SPI.transfer(tx[i]);
    if (rx) rx[i] = r;
  }
  digitalWrite(kPinNss, HIGH);
  SPI.endTransaction();
}

bool BoardSpi::busy() { return digitalRead(kPinBusy) == HIGH; }
uint32_t BoardSpi::micros() { return ::micros(); }

void BoardHal::begin() {
  Serial.begin(115200);
  DDRA = 0x1F;  // RF switch select lines, pins 22-26
  spi_.begin();
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

void BoardHal::selectAntenna(uint8_t a) {
  antenna_ = a;
  PORTA = static_cast<uint8_t>((PORTA & 0xE0) | (a & 0x1F));  // bank (2 bits) + port (3 bits) of the switch tree
  delay(kSettleMs);
}

fw::ReadStatus BoardHal::readTags(fw::TagRead* out, uint8_t max, uint8_t& n) {
  const uint8_t kind = antenna_ < sizeof kAntennaKind ? kAntennaKind[antenna_] : kCards;
  fw::ReadStatus st = fw::ReadStatus::Ok;
  n = 0;
  if (kind & kCards) st = fw::readAntenna(pn_, fw::Pn5180::Air::Iso14443A, out, max, n);
  if ((kind & kChips) && st != fw::ReadStatus::Timeout) {
    uint8_t more = 0;
    const fw::ReadStatus st2 = fw::readAntenna(pn_, fw::Pn5180::Air::Iso15693, out + n, max - n, more);
    n += more;
    if (st2 != fw::ReadStatus::Ok) st = st2;
  }
  return st;
}

uint8_t BoardHal::face(uint8_t antenna) {
  if (antenna >= kFaceSensors) return '-';
  const int v = analogRead(A0 + antenna);
  if (v < kNoCard) return '-';
  return v >= kFaceThreshold ? 'D' : 'U';
}
