import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { MqttDeviceProvider } from '../../providers/device/mqtt.ts';
import { DeviceSimulator } from '../../providers/device/simulator.ts';
import type { DeviceProvider } from '../../providers/device/types.ts';
import { allDeviceNos } from '../iot-sims/service.ts';
import { deviceRoutes } from './routes.ts';
import { Devices, expiryJob, settingsOf } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device control: commands to devices and what they report (`deviceProvider` is the way to them). */
    iotDevice: Devices;
    deviceProvider: DeviceProvider;
  }
}

/** Device control of portable Wi-Fi devices through the device provider (simulator or MQTT). */
export const iotDevicePlugin = fp(
  async (app: App) => {
    const cfg = app.config.device;
    const provider: DeviceProvider =
      cfg.provider === 'mqtt'
        ? new MqttDeviceProvider({ url: cfg.mqttUrl, onError: (err) => app.log.warn({ err }, 'MQTT') })
        : new DeviceSimulator({
            settingsOf: (deviceNo) => settingsOf(app.db, deviceNo),
            timing: { ...cfg.simulator, now: () => app.config.now() },
            reportMs: cfg.simulator.reportMs,
            onError: (err) => app.log.error({ err }, 'device message not handled'),
          });
    const devices = new Devices({
      db: app.db,
      sims: app.iotSims,
      login: app.iotLogin,
      provider,
      now: () => app.config.now(),
      timeoutMs: cfg.commandTimeoutMs,
      log: app.log,
      webhooks: app.webhooks,
      promoterIdOf: async (promoCode: string) => (await app.site.findPromoter(promoCode))?.id ?? null,
    });
    provider.onEvent((event) => devices.handle(event));
    app.decorate('iotDevice', devices);
    app.decorate('deviceProvider', provider);
    app.iotSims.useDeviceLive((deviceId) => devices.live(deviceId));
    addJobs(app.jobs, [expiryJob(devices)]);
    // Simulated devices come on line with the server (they report at once, then every DEVICE_REPORT_SECONDS).
    if (provider instanceof DeviceSimulator && app.config.jobs) {
      app.addHook('onReady', async () => {
        for (const no of await allDeviceNos(app.db.db)) await provider.watch(no);
      });
    }
    app.addHook('onClose', async () => provider.close());
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await deviceRoutes(scope, devices, app.iotSims);
    });
  },
  { name: 'iot-device', dependencies: ['jobs', 'iot-sessions', 'iot-sims', 'iot-auth', 'site', 'webhooks'] },
);
