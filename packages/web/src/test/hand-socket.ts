/**
 * A WebSocket the test opens, feeds and closes by hand, in place of the browser's
 * (`vi.stubGlobal('WebSocket', HandSocket)`); `instances` lists those the app made, oldest first.
 */
export class HandSocket {
  static instances: HandSocket[] = [];
  readyState = 0;
  sent: { command: string; channel?: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    HandSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
