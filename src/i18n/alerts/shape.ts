// The shape of the alert catalogue: per code, an ICU message and one remedy per variant (`default` when the code has
// one remedy), each in English and French.
export interface Msg {
  en: string;
  fr: string;
}

export interface AlertMessageEntry {
  message: Msg;
  remedies: Record<string, Msg>;
}

export type AlertMessages = Record<string, AlertMessageEntry>;
