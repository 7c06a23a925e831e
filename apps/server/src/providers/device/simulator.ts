/**
 * The in-process device simulator (DEVICE_PROVIDER=simulator, the default): every device is a
 * `Mifi` inside the server, started from the settings the platform holds for it, answering
 * through the same events an MQTT device sends.
 */
import { Mifi, type MifiSettings, type MifiTiming } from './mifi.ts';
import type { CommandMessage, DeviceEvent, DeviceProvider } from './types.ts';

export interface SimulatorOptions {
  /** The settings a device starts from (the platform's record of it); undefined: no such device. */
  settingsOf: (deviceNo: string) => Promise<MifiSettings | undefined>;
  timing: MifiTiming;
  /** Every how often each device reports; 0: only after a restart. */
  reportMs: number;
  /** Where a failure to handle a device's message is told. */
  onError?: (err: Error) => void;
}

export class DeviceSimulator implements DeviceProvider {
  readonly name = 'simulator' as const;
  private readonly devices = new Map<string, Promise<Mifi | undefined>>();
  private listener: (event: DeviceEvent) => Promise<void> = async () => {};
  private readonly timer: NodeJS.Timeout | undefined;
  /** Events being handled (tests and close wait for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: SimulatorOptions) {
    if (options.reportMs > 0) {
      this.timer = setInterval(() => void this.reportAll(), options.reportMs);
      this.timer.unref();
    }
  }

  onEvent(listener: (event: DeviceEvent) => Promise<void>): void {
    this.listener = listener;
  }

  private emit(event: DeviceEvent) {
    // Devices answer asynchronously, as over a network.
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.listener(event))
      .catch((err) => this.options.onError?.(err as Error))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private device(deviceNo: string): Promise<Mifi | undefined> {
    let d = this.devices.get(deviceNo);
    if (!d) {
      d = this.options.settingsOf(deviceNo).then((settings) => {
        if (!settings) return undefined;
        const mifi: Mifi = new Mifi(
          deviceNo,
          settings,
          {
            ack: (ack) => this.emit({ type: 'ack', deviceNo, ack }),
            state: (state) => this.emit({ type: 'state', deviceNo, state }),
            report: (report) => this.emit({ type: 'report', deviceNo, report }),
            sms: (sms) => this.emit({ type: 'sms', deviceNo, sms }),
          },
          this.options.timing,
        );
        return mifi;
      });
      this.devices.set(deviceNo, d);
    }
    return d;
  }

  /** Starts a device (it reports at once, then every reportMs). */
  async watch(deviceNo: string): Promise<void> {
    const d = await this.device(deviceNo);
    if (!d) return;
    this.emit({ type: 'state', deviceNo, state: d.state() });
    d.report();
    d.publishInbox();
  }

  /** A text message reaches a simulated device's SIM (the carrier's, in demos and tests). */
  async deliverSms(deviceNo: string, from: string, text: string): Promise<void> {
    const d = await this.device(deviceNo);
    if (!d) throw new Error(`no device ${deviceNo}`);
    d.receiveSms(from, text);
  }

  async send(deviceNo: string, command: CommandMessage): Promise<void> {
    const d = await this.device(deviceNo);
    if (!d) throw new Error(`no device ${deviceNo}`);
    setImmediate(() => d.receive(structuredClone(command)));
  }

  async reportAll(): Promise<void> {
    for (const d of this.devices.values()) (await d)?.report();
  }

  /** Resolves once every event emitted so far has been handled. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const d of this.devices.values()) (await d)?.close();
    await this.settle();
  }
}
