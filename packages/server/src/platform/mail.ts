/** One outgoing mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (an invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends mail: SMTP when SMTP_URL is set, otherwise files in DATA_DIR/mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
