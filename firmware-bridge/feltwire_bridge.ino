// feltwire reader bridge for the Arduino Mega 2560. The logic lives in src/ (plain C++, host-tested); this
// sketch only wires it to the board (avr/board_hal.*).
#include "board_hal.h"
#include "bridge.h"

static BoardHal hal;
static fw::Bridge* bridge = nullptr;

void setup() {
  hal.begin();
  static fw::Bridge instance(hal, hal.bootId(), hal.deviceId());
  bridge = &instance;
  bridge->begin();
}

void loop() { bridge->poll(); }
