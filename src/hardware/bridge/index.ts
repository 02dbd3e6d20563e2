// The reader bridge driver: protocol v1 frames over a serial port, turned into ReaderEvents.
export * from './constants.js';
export { type VirtualBridgeOptions, type VirtualBridgeStats, VirtualBridgeWire } from './device.js';
export { BridgeError, type BridgeErrorCode } from './errors.js';
export { crc16, type DecodeResult, decodeFrame, encodeFrame, type Frame, hex4 } from './frame.js';
export { BridgeLink, type BridgeLinkOptions, type BridgeLinkStats, openSerialPort, type PortOpener } from './link.js';
export { emptyCounts, FrameParser, FrameScanner, type ParserCounts } from './parser.js';
export { BridgeReceiver, type ReceiverCounts, type ReceiverHooks } from './receiver.js';
export { FrameWriter, type LineSink } from './writer.js';
