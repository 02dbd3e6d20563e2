// The Mega 2560 board: Serial (USB) at 115200 for protocol v1, the RF switch tree on PORTA, the PN5180 on SPI,
// one optical face sensor per seat antenna on the analog inputs.
#pragma once
#include <stdint.h>
#include "hal.h"

class BoardHal : public fw::Hal {
 public:
  void begin();
  uint16_t bootId() const { return bootId_; }
  const char* deviceId() const { return deviceId_; }

  uint32_t millis() override;
  int serialRead() override;
  void serialWrite(const char* data, uint8_t len) override;
  void selectAntenna(uint8_t a) override;
  fw::ReadStatus readTags(fw::TagRead* out, uint8_t max, uint8_t& n) override;
  uint8_t face(uint8_t antenna) override;

 private:
  uint16_t bootId_ = 0;
  char deviceId_[8] = "BR-0000";
};
