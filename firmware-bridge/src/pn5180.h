// NXP PN5180 NFC frontend over its SPI host interface: both air interfaces the table needs, ISO 15693 (chips)
// and ISO 14443A (cards). Board pins and timing come in through SpiBus, so this compiles and is tested on the host.
// Register addresses and bit positions follow the PN5180 datasheet (host interface commands, register map) and
// NXP's reader library; every answer window is computed from the command's air time (airtime.h).
#pragma once
#include <stdint.h>
#include "hal.h"
#include "iso14443a.h"
#include "iso15693.h"

namespace fw {

class SpiBus {
 public:
  // NSS low, `n` bytes out (0xFF when `tx` is null: the read of an answer) and in (when `rx` is set), NSS high.
  virtual void exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) = 0;
  virtual bool busy() = 0;
  virtual uint32_t micros() = 0;
  // RST low (true) or high (false); a board without the line ignores it.
  virtual void reset(bool low) { (void)low; }
  // Called while a driver waits (an answer window, a field settling): the board runs other readers' exchanges
  // there (BoardHal::pump), never inside an SPI frame.
  virtual void idle() {}
  virtual void delayUs(uint16_t us) {
    const uint32_t t = micros();
    while (micros() - t < us) {
    }
  }
  virtual ~SpiBus() {}
};

class Pn5180 : public Iso15693Air, public Iso14443Air {
 public:
  enum class Air : uint8_t { None, Iso14443A, Iso15693 };
  explicit Pn5180(SpiBus& bus)
      : bus_(bus), stalled_(false), booted_(false), crcWant_(false), answered_(true), eofMode_(false), slotSof_(false),
        rxAtKnown_(false) {}

  // Hard reset, then waits for the boot to complete (BUSY low and IDLE_IRQ in IRQ_STATUS, datasheet "reset and
  // start-up"). False: no chip, or it never finished booting (its antennas report ANT_TIMEOUT).
  bool boot();
  bool booted() const { return booted_; }
  // The chip stopped answering: boot() again before using it.
  void lost() { booted_ = false; }
  // Loads the RF configuration for `air` and switches the field on (RF_ON, then TX_RFON_IRQ); it returns at once:
  // the caller lets the field settle (settleUs) before the first request. False if the chip does not answer.
  bool fieldOn(Air air);
  // Microseconds since the field came on.
  uint32_t fieldAge() const { return bus_.micros() - fieldOnAt_; }
  // ISO/IEC 14443-3 5.1 ms of unmodulated field before the first REQA; ISO/IEC 15693-3 1 ms before a request.
  static uint32_t settleUs(Air air) { return air == Air::Iso14443A ? 5100 : 1000; }
  // Waits until the field has been on for settleUs(air()), the other readers' exchanges run meanwhile (idle()).
  void settle() {
    const uint32_t need = settleUs(air_);
    for (uint32_t age = fieldAge(); age < need; age = fieldAge()) {
      bus_.idle();
      const uint32_t now = fieldAge();
      if (now < need) bus_.delayUs(static_cast<uint16_t>(need - now < 50 ? need - now : 50));
    }
  }
  void fieldOff();
  // True when the last exchange failed because the chip stayed BUSY (wiring, power): ERR ANT_TIMEOUT.
  bool stalled() const { return stalled_; }
  Air air() const { return air_; }

  Slot inventoryStart(uint8_t maskLen, uint64_t mask, uint8_t uid[8]) override;
  Slot nextSlot(uint8_t uid[8]) override;
  Slot inventoryOne(uint8_t uid[8]) override;
  // Background rounds (BoardHal::pump): slotBegin starts slot 0's request (`first`) or the next slot's EOF and
  // returns at once; slotPoll collects that slot's answer when it is in. False from slotBegin: nothing went on
  // air (the slot is Error when stalled(), else Empty).
  bool slotBegin(bool first, uint8_t maskLen, uint64_t mask);
  // The 1-slot probe of an inventory (as inventoryOne) sent the same way: its answer by slotPoll.
  bool probeBegin();
  // Without waiting: false while the slot's answer may still come; true with its outcome in `out`.
  // microseconds until slotPoll can tell something (<= 0: now)
  int32_t slotDueIn() { return slotDueIn(bus_.micros()); }
  int32_t slotDueIn(uint32_t now) const { return static_cast<int32_t>(pollAfter_ - (now - sentAt_)); }
  // slotPoll or cardPoll can tell something at `now` (micros()): else they would return at once
  bool slotDue(uint32_t now) const { return now - sentAt_ >= pollAfter_; }
  bool slotPoll(Slot& out, uint8_t uid[8]);

  // Background card exchanges (BoardHal::pump), as the ISO 15693 slots: cardBegin sends one ISO 14443A frame
  // (REQA; SELECT at `level` with CLn + BCC in `cl`; HLTA) and returns at once (false: nothing sent, stalled() says
  // why); cardPoll looks at IRQ_STATUS only when the answer can have started or ended: 0 while it may still come,
  // 1 answered (RX_STATUS in `rxStatus`), -1 no answer by the end of its window (or the chip stalled).
  enum class CardFrame : uint8_t { Reqa, Select, Halt };
  bool cardBegin(CardFrame f, uint8_t level, const uint8_t cl[5]);
  int8_t cardPoll(uint32_t& rxStatus);
  // The SAK of a SELECT that cardPoll found answered: false when it is missing, cut short or corrupt.
  bool cardSak(uint32_t rxStatus, uint8_t& sak);

  bool request() override;
  bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5],
                     uint8_t& collisionAt) override;
  bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) override;
  void halt() override;

  // Host interface commands (datasheet: "Host Interface Command List").
  enum Cmd : uint8_t {
    kWriteRegister = 0x00, kWriteRegisterOrMask = 0x01, kWriteRegisterAndMask = 0x02, kReadRegister = 0x04,
    kSendData = 0x09, kReadData = 0x0A, kReadEeprom = 0x07, kLoadRfConfig = 0x11, kRfOn = 0x16, kRfOff = 0x17,
    kWriteRegisterMultiple = 0x03, kReadRegisterMultiple = 0x05,
  };
  // WRITE_REGISTER_MULTIPLE actions
  enum : uint8_t { kMultiWrite = 0x01, kMultiOr = 0x02, kMultiAnd = 0x03 };
  enum Reg : uint8_t {
    kSystemConfig = 0x00, kIrqStatus = 0x02, kIrqClear = 0x03, kCrcRxConfig = 0x12, kRxStatus = 0x13,
    kTxConfig = 0x18, kCrcTxConfig = 0x19,
  };
  // IRQ_STATUS bits
  static const uint32_t kIrqRx = 1ul << 0, kIrqIdle = 1ul << 2, kIrqTxRfOn = 1ul << 9, kIrqRxSofDetected = 1ul << 14,
                        kIrqGeneralError = 1ul << 17;
  // RX_STATUS fields
  static const uint32_t kRxBytesMask = 0x1FF, kRxIntegrityError = 1ul << 16, kRxProtocolError = 1ul << 17,
                        kRxCollision = 1ul << 18;
  static const uint8_t kRxCollPosShift = 19;  // RX_COLL_POS, 7 bits; counts the RX_BIT_ALIGN bits (NXP)
  static const uint8_t kRxBitAlignShift = 6;  // CRC_RX_CONFIG bits 6-8
  // TX_CONFIG: TX_DATA_ENABLE bit 10, TX_START_SYMBOL bits 6-7 (ISO 15693 SOF = 3 after LOAD_RF_CONFIG)
  static const uint32_t kTxDataEnable = 1ul << 10, kTxStartSymbolMask = 0x3ul << 6;

 private:
  struct Window {
    uint32_t sof, frame;  // microseconds after SEND_DATA: the answer must start by `sof` and end by `frame`
    uint32_t end;         // and a nominal answer has ended by then: no look at IRQ_STATUS before (await)
  };
  bool ready(uint16_t timeoutUs = 2000);
  // Until `us` after the last SEND_DATA: the other readers' exchanges run meanwhile (idle()), no SPI traffic of ours.
  void waitUntil(uint32_t us);
  bool command(const uint8_t* tx, uint8_t n);
  bool read(uint8_t* rx, uint8_t n);
  bool writeReg(Cmd how, Reg reg, uint32_t value);
  bool readReg(Reg reg, uint32_t& value);
  bool readIrqRx(uint32_t& irq, uint32_t& rx);
  bool crc(bool on);
  // Idle -> transceive, sends `n` bytes (`lastBits` valid in the last one, 0 = 8), waits for the answer.
  bool transceive(const uint8_t* data, uint8_t n, uint8_t lastBits, const Window& w, uint32_t& rxStatus);
  // transceive in two halves: send (idle -> transceive, SEND_DATA) and await (the answer within `w` of the send)
  bool send(const uint8_t* data, uint8_t n, uint8_t lastBits);
  bool sendData(const uint8_t* data, uint8_t n, uint8_t lastBits);  // SEND_DATA alone (send: after the set-up)
  bool await(const Window& w, uint32_t& rxStatus);
  Slot slotAnswer(uint32_t rxStatus, uint8_t uid[8]);
  void tightenSlot();
  static Window window14443(uint16_t txBits, uint16_t rxBits);
  static Window window15693(uint8_t txBytes, bool eofOnly, uint8_t rxBytes, uint16_t holdUs);
  uint16_t holdUs() const;
  // an ISO 15693 answer was just seen complete (answered_): t2 runs from now, or from `latestEnd` after the last send
  // when the answer had ended by then (0: unknown)
  void rxSeen(uint32_t latestEnd = 0);

  SpiBus& bus_;
  Air air_ = Air::None;
  // flags packed in one byte each (four drivers in 8 KB of SRAM)
  bool stalled_ : 1;
  bool booted_ : 1;
  bool crcWant_ : 1;      // the CRC setting the next exchange needs (crc()); written by send()
  bool answered_ : 1;     // the last ISO 15693 slot had an answer: the frontend holds the next EOF until t2
  bool eofMode_ : 1;      // TX_CONFIG holds the EOF-only setting (slots 1-15 of a background round)
  bool slotSof_ : 1;      // its answer's SOF was seen
  bool rxAtKnown_ : 1;    // rxAt_ holds when the last answer was seen (false after the field came on)
  uint16_t rxAt_ = 0;     // micros() (low 16 bits) when it was seen complete: t2 counts from there
  uint8_t crcOn_ = 2;     // the CRC setting in the chip: 0 off, 1 on, 2 unknown (after LOAD_RF_CONFIG)
  uint32_t txConfig_ = 0;  // TX_CONFIG as LOAD_RF_CONFIG left it: restored exactly after an EOF-only slot
  uint32_t fieldOnAt_ = 0;
  uint32_t sentAt_ = 0;   // micros() of the last SEND_DATA
  Window slotWin_ = {0, 0, 0};
  uint32_t pollAfter_ = 0;  // slotPoll: microseconds after the send before which nothing can be seen
  Air loaded_ = Air::None;  // the RF configuration last loaded (kept across RF_OFF): LOAD_RF_CONFIG only to change it
  uint8_t bitAlign_ = 0;    // RX_BIT_ALIGN as last written (LOAD_RF_CONFIG leaves 0): written only to change it
};

}  // namespace fw

namespace fw {
// One antenna read: field on with `air` (if not on already), waits out the settle time, inventory, field off.
// Stalled chip: Timeout; unresolved: Collision; a full sink: Overrun.
ReadStatus readAntenna(Pn5180& pn, Pn5180::Air air, TagSink& sink);
}  // namespace fw
