# Builds the sketch for the Arduino Mega 2560 with Debian's arduino-mk (apt: arduino-mk arduino-core-avr gcc-avr avr-libc).
# Used through the main Makefile: `make avr`. Output: build/mega/feltwire_bridge.hex
BOARD_TAG      = mega
BOARD_SUB      = atmega2560
ARDUINO_DIR    = /usr/share/arduino
ARDMK_DIR      = /usr/share/arduino
AVR_TOOLS_DIR  = /usr
ARDUINO_LIBS   = SPI
TARGET         = feltwire_bridge
OBJDIR         = build/mega
LOCAL_INO_SRCS = feltwire_bridge.ino
LOCAL_CPP_SRCS = $(wildcard src/*.cpp) $(wildcard avr/*.cpp)
LOCAL_C_SRCS   =
# Debian's avr-libc lacks DECIMAL_DIG, which the Arduino core's Print.cpp expects.
CPPFLAGS      += -DDECIMAL_DIG=9 -Isrc -Iavr $(EXTRA_CPPFLAGS)
include /usr/share/arduino/Arduino.mk
