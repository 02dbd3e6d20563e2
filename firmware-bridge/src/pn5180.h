// NXP PN5180 NFC frontend over its SPI host interface: both air interfaces the table needs, ISO 15693 (chips)
// and ISO 14443A (cards). Board pins and timing come in through SpiBus, so this compiles and is tested on the host.
// Register addresses and bit positions follow the PN5180 datasheet (host interface commands, register map).
#pragma once
#include <stdint.h>
#include "iso14443a.h"
#include "hal.h"
#include "iso15693.h"

namespace fw {

struct Window;

class SpiBus {
 public:
  // NSS low, `n` bytes out (and in, when `rx` is set), NSS high.
  virtual void exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) = 0;
  virtual bool busy() = 0;
  virtual uint32_t micros() = 0;
  virtual ~SpiBus() {}
};

class Pn5180 : public Iso15693Air, public Iso14443Air {
 public:
  enum class Air : uint8_t { None, Iso14443A, Iso15693 };
  explicit Pn5180(SpiBus& bus) : bus_(bus) {}

  // Loads the RF configuration for `air` and switches the field on; false if the chip does not answer.
  bool fieldOn(Air air);
  void fieldOff();
  // True when the last exchange failed because the chip stayed BUSY (wiring, power): ERR ANT_TIMEOUT.
  bool stalled() const { return stalled_; }

  Slot inventoryStart(uint8_t maskLen, uint64_t mask, uint8_t uid[8]) override;
  Slot nextSlot(uint8_t uid[8]) override;
  Slot inventoryOne(uint8_t uid[8]) override;

  bool request() override;
  bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5],
                     uint8_t& collisionAt) override;
  bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) override;
  void halt() override;

  // Host interface commands (datasheet: "Host Interface Command List").
  enum Cmd : uint8_t {
    kWriteRegister = 0x00, kWriteRegisterOrMask = 0x01, kWriteRegisterAndMask = 0x02, kReadRegister = 0x04,
    kSendData = 0x09, kReadData = 0x0A, kReadEeprom = 0x07, kLoadRfConfig = 0x11, kRfOn = 0x16, kRfOff = 0x17,
  };
  enum Reg : uint8_t {
    kSystemConfig = 0x00, kIrqStatus = 0x02, kIrqClear = 0x03, kCrcRxConfig = 0x12, kRxStatus = 0x13,
    kTxConfig = 0x18, kCrcTxConfig = 0x19,
  };

 private:
  bool ready(uint16_t timeoutUs = 2000);
  bool command(const uint8_t* tx, uint8_t n);
  bool read(uint8_t* rx, uint8_t n);
  bool writeReg(Cmd how, Reg reg, uint32_t value);
  bool readReg(Reg reg, uint32_t& value);
  bool crc(bool on);
  // Idle -> transceive, sends `n` bytes (`lastBits` valid in the last one, 0 = 8), waits for the answer.
  bool transceive(const uint8_t* data, uint8_t n, uint8_t lastBits, const Window& w, uint32_t& rxStatus);
  Slot slotAnswer(uint32_t rxStatus, uint8_t uid[8]);

  SpiBus& bus_;
  Air air_ = Air::None;
  bool stalled_ = false;
};

}  // namespace fw

namespace fw {
// One antenna read: field on with `air`, inventory, field off. Stalled chip: Timeout; unresolved: Collision.
ReadStatus readAntenna(Pn5180& pn, Pn5180::Air air, TagRead* out, uint8_t max, uint8_t& n);
}  // namespace fw
