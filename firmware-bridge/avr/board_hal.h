// The Mega 2560 board: Serial (USB) at 115200 for protocol v1; one PN5180 on the hardware SPI bus (through a
// 5 V <-> 3.3 V level shifter); a tree of SP4T/SP8T RF switches routing its antenna port to one of the 24 table
// antennas (5 select lines on PORTA, pins 22-26); one reflective optical face sensor per seat on A0-A9.
#pragma once
#include <stdint.h>
#include "hal.h"
#include "pn5180.h"

class BoardSpi : public fw::SpiBus {
 public:
  void begin();
  void exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) override;
  bool busy() override;
  uint32_t micros() override;
};

class BoardHal : public fw::Hal {
 public:
  BoardHal() : pn_(spi_) {}
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
  BoardSpi spi_;
  fw::Pn5180 pn_;
  uint8_t antenna_ = 0;
  uint16_t bootId_ = 0;
  char deviceId_[8] = "BR-0000";
};
