#include "board_hal.h"
#include <Arduino.h>

void BoardHal::begin() {
  Serial.begin(115200);
}
uint32_t BoardHal::millis() { return ::millis(); }
int BoardHal::serialRead() { return Serial.read(); }
void BoardHal::serialWrite(const char* data, uint8_t len) { Serial.write(reinterpret_cast<const uint8_t*>(data), len); }
void BoardHal::selectAntenna(uint8_t a) { (void)a; }
fw::ReadStatus BoardHal::readTags(fw::TagRead* out, uint8_t max, uint8_t& n) {
  (void)out; (void)max; n = 0;
  return fw::ReadStatus::Ok;
}
uint8_t BoardHal::face(uint8_t antenna) { (void)antenna; return '-'; }
