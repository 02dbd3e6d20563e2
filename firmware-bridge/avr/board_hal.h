// The Mega 2560 board: Serial (USB) at 115200 for the protocol; seven PN5180 on the hardware SPI bus (through a
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
  void idle() override;

 private:
  uint8_t nss_ = 0, busy_ = 0, rst_ = 0;
  // NSS and BUSY by their port registers (digitalWrite / digitalRead cost ~4 us each on the Mega: per SPI frame
  // more than its bytes at 4 MHz): resolved once in begin()
  volatile uint8_t* nssOut_ = nullptr;
  volatile uint8_t* busyIn_ = nullptr;
  uint8_t nssMask_ = 0, busyMask_ = 0;
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
  bool roundsDone(uint8_t a) override { return invOn_[readerOf(a)] != a || bgDone_[readerOf(a)]; }
  // Runs every chip inventory under way one slot further where its answer is in or its window is over (sends the
  // next request or EOF at once): called from the bridge's loop and from inside every wait of any reader.
  void pump() override;
  bool background() override { return true; }
  void prepareNext(uint8_t a, uint8_t next) override {
    if (readerOf(a) < kCardReaders && readerOf(next) == readerOf(a)) nextOn_[readerOf(a)] = static_cast<int8_t>(next);
  }
  int16_t onAir(uint8_t reader) override { return reader < kReaders && invOn_[reader] < 0 ? onAir_[reader] : -1; }
  fw::ReadStatus readTags(uint8_t a, fw::TagSink& sink) override;
  uint8_t face(uint8_t antenna) override;
  void focus(uint32_t antennas) override;

 private:
  void route(uint8_t a);
  static_assert(kReaders <= fw::kMaxReaders, "the bridge keeps an inventory under way per reader");
  BoardSpi spi_[kReaders];
  fw::Pn5180 pn0_, pn1_, pn2_, pn3_, pn4_, pn5_, pn6_;
  fw::Pn5180* pn_[kReaders];
  fw::ReadStatus finish(uint8_t r, const fw::InventoryResult& res);
  int8_t onAir_[kReaders];  // antenna whose field is on, or -1
  // the chip inventory under way on each reader but the cards-only one (58 bytes of SRAM each)
  fw::Inventory15693 inv_[kReaders - 1];
  fw::Inventory15693& inv(uint8_t r) { return inv_[r > kCardsOnlyReader ? r - 1 : r]; }
  int8_t invOn_[kReaders];  // its antenna (or the card antenna read in the background), or -1
  // Background rounds: once a chip antenna's probe collided, its 16-slot rounds run slot by slot from pump(),
  // beside whatever the other readers do (card reads, other chip rounds): each reader's air time overlaps.
  void bgBegin(uint8_t r);
  fw::TagSink* sink_[kReaders];  // where that inventory's UIDs go (the bridge keeps it until the inventory ends)
  uint8_t bgSlot_[kReaders];     // the slot under way of its round
  bool bgOn_[kReaders];          // a slot is on air
  bool bgDone_[kReaders];        // the inventory is complete: readTags(a) finishes it
  bool bgProbe_[kReaders];       // the slot on air is the inventory's 1-slot probe
  // Background card reads (the card readers' kCards antennas): the cards the antenna held, each checked by SELECT
  // of its UID (REQA, SELECT CL1, CL2, HLTA), then a closing REQA, one exchange at a time from pump() while the
  // other readers work (the field's 5.1 ms settle included); only when that REQA is answered (a new card) does
  // readTags run the anticollision, in the foreground.
  enum CardStep : uint8_t { kCardIdle, kCardSettle, kCardReqa, kCardSel1, kCardSel2, kCardHalt, kCardLast,
                            kCardOk, kCardNew, kCardTimeout, kCardOverrun };
  void cardPump(uint8_t r);
  void cardNext(uint8_t r);  // the next known card's REQA, or the closing REQA
  void cardSend(uint8_t r, fw::Pn5180::CardFrame f, uint8_t level, uint8_t step);
  void cardEnd(uint8_t r, uint8_t step);
  fw::ReadStatus cardFinish(uint8_t r, uint8_t a, fw::TagSink& sink);
  fw::ReadStatus chipStart(uint8_t r, uint8_t a, fw::TagSink& sink);
  int8_t nextOn_[kCardReaders];  // the antenna after the card read under way (prepareNext), or -1
  uint8_t cardStep_[kCardReaders];
  uint16_t cardCursor_[kCardReaders];  // the enroll pad's chip read: 0x8000 | its cards' ReadStatus
  fw::TagRead cardKnown_[kCardReaders];  // the known card being checked
  void chipPump();  // the chip readers' slots (pump() runs them before the card exchanges)
  bool chipStep(uint8_t r, uint32_t now);  // one reader's
  // The watched zone (issue 26 (b)): the FOCUS chip zone (the seat to act's bet). While its reader inventories
  // another zone, it is probed between two 16-slot rounds (field to it, 1 ms settle, a 1-slot probe, field back,
  // 1 ms settle: ~4 ms of that reader's time, at most every kFocusChipPeriodMs); when the probe finds more than the
  // zone held (it was empty or held one chip), the other zone's inventory is cut short (Interrupted: the bridge reads
  // the watched zone at once, its field on and its probe's outcome kept, and the other zone right after).
  enum PeekStep : uint8_t { kPeekNone, kPeekSettle, kPeekProbe, kPeekBack };
  bool peekDue(uint8_t r);
  void peekStart(uint8_t r);
  void peekPump(uint8_t r);
  bool fieldTo(uint8_t r, int8_t a);
  void watchSeen(fw::Slot s, const uint8_t uid[8]);  // a probe of the watched zone: what it holds now
  int8_t watch_ = -1;          // the watched zone, or -1
  uint8_t watchHeld_ = 2;      // what its last probe found: 0 nothing, 1 one chip (watchUid_), 2 more or unknown
  uint8_t watchUid_[8] = {};
  uint16_t watchAt_ = 0;       // millis() (low 16 bits) of its last probe
  uint8_t peek_ = kPeekNone;   // the peek under way
  int8_t peekA_ = -1;          // on that zone (the watched one when it began)
  bool peekHit_ = false;       // the inventory was cut: the watched zone's field is on, its probe's outcome kept
  uint8_t peekSlot_ = 0;
  uint8_t peekUid_[8] = {};
  bool pumping_ = false;
  bool chipPumping_ = false;
  uint16_t bootTry_[kReaders];  // millis() (low 16 bits) of the reader's last boot try
  uint16_t bootId_ = 0;
  char deviceId_[8] = "BR-0000";
};
