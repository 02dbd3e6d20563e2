// The Mega 2560 board: Serial (USB) at 115200 for the protocol; four PN5180 on the hardware SPI bus (through a
// 5 V <-> 3.3 V level shifter), each with its NSS and BUSY line and an RF switch routing it to its antennas
// (board_config.h); one reflective optical face sensor per seat on A0-A9.
#pragma once
#include <stdint.h>
#include "board_config.h"
#include "hal.h"
#include "pn5180.h"

class BoardSpi : public fw::SpiBus {
 public:
  void begin(uint8_t nss, uint8_t busy, uint8_t rst);
  void exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) override;
  bool busy() override;
  uint32_t micros() override;
  void reset(bool low) override;
  void delayUs(uint16_t us) override;

 private:
  uint8_t nss_ = 0, busy_ = 0, rst_ = 0;
};

class BoardHal : public fw::Hal {
 public:
  BoardHal();
  void begin();
  uint16_t bootId() const { return bootId_; }
  const char* deviceId() const { return deviceId_; }

  uint32_t millis() override;
  int serialRead() override;
  void serialWrite(const char* data, uint8_t len) override;
  uint8_t readerOf(uint8_t a) override { return a < sizeof kReaderOf ? kReaderOf[a] : 0; }
  bool chipsOnly(uint8_t a) override { return a < sizeof kAntennaKind && kAntennaKind[a] == kChips; }
  void prepare(uint8_t a) override;
  fw::ReadStatus readTags(uint8_t a, fw::TagSink& sink) override;
  uint8_t face(uint8_t antenna) override;

 private:
  void route(uint8_t a);
  BoardSpi spi_[kReaders];
  fw::Pn5180 pn0_, pn1_, pn2_, pn3_;
  fw::Pn5180* pn_[kReaders];
  fw::ReadStatus finish(uint8_t r, const fw::InventoryResult& res);
  int16_t onAir_[kReaders];  // antenna whose field is on, or -1
  fw::Inventory15693 inv_[kReaders];  // the chip inventory under way on each reader
  int16_t invOn_[kReaders];           // its antenna, or -1
  // Lockstep: a round of reader r runs slot by slot beside a round of another reader's inventory (both requests /
  // EOFs sent, then both answers collected: the air time overlaps). That other round's UIDs wait here until the
  // bridge resumes its antenna.
  int8_t partnerOf(uint8_t r) const;
  fw::ReadStatus lockstep(uint8_t r, uint8_t o, fw::TagSink& sink);
  int8_t heldReader_ = -1;
  bool heldDone_ = false;
  uint8_t heldN_ = 0;
  uint8_t heldUid_[16][8];
  uint32_t bootTry_[kReaders];
  uint16_t bootId_ = 0;
  char deviceId_[8] = "BR-0000";
};
