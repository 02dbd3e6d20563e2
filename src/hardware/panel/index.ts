// The dealer panel (StandardFirmata board through johnny-five): buttons, seat LEDs, stop buzzer, chip tray.
export { DealerPanel, type DealerPanelEvents, type DealerPanelOptions, pullupWay } from './dealerPanel.js';
export { PanelError, type PanelErrorCode } from './errors.js';
export { PanelLink, type PanelLinkOptions, type PanelLinkStatus } from './panelLink.js';
export { TrayCounter } from './trayCounter.js';
