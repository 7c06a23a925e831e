import type { FastifyPluginAsync } from 'fastify';
import { jobsPlugin } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';
import { adminPlugin } from './admin/index.ts';
import { agentsPlugin } from './agents/index.ts';
import { authPlugin } from './auth/index.ts';
import { customerPlugin } from './customer/index.ts';
import { goodsPlugin } from './goods/index.ts';
import { healthPlugin } from './health/index.ts';
import { iotAccountPlugin } from './iot-account/index.ts';
import { iotAlertsPlugin } from './iot-alerts/index.ts';
import { iotAuthPlugin, iotSessionsPlugin } from './iot-auth/index.ts';
import { iotCapabilitiesPlugin } from './iot-capabilities/index.ts';
import { iotCarrierPlugin } from './iot-carrier/index.ts';
import { iotCarrierAccountsPlugin } from './iot-carrier-accounts/index.ts';
import { iotCarrierReconPlugin } from './iot-carrier-recon/index.ts';
import { iotCodesPlugin } from './iot-codes/index.ts';
import { iotDevicePlugin } from './iot-device/index.ts';
import { iotEngagePlugin } from './iot-engage/index.ts';
import { iotLayoutPlugin } from './iot-layout/index.ts';
import { iotMoneyPlugin } from './iot-money/index.ts';
import { iotRulesPlugin } from './iot-rules/index.ts';
import { iotSimsPlugin } from './iot-sims/index.ts';
import { iotTimelinePlugin } from './iot-timeline/index.ts';
import { logisticsPlugin } from './logistics/index.ts';
import { mallPlugin } from './mall/index.ts';
import { numberWatchPlugin } from './number-watch/index.ts';
import { numbersPlugin } from './numbers/index.ts';
import { oauthPlugin } from './oauth/index.ts';
import { ordersPlugin } from './orders/index.ts';
import { paymentsPlugin } from './payments/index.ts';
import { reviewsPlugin } from './reviews/index.ts';
import { singlePagePlugin } from './single-page/index.ts';
import { sitePlugin } from './site/index.ts';
import { smsPlugin } from './sms/index.ts';
import { trackingPlugin } from './tracking/index.ts';
import { uploadsPlugin } from './uploads/index.ts';
import { agentApiPlugin, webhooksPlugin } from './webhooks/index.ts';

type ModulePlugin = FastifyPluginAsync<any>;

/** Every domain module (and the job registry they add their jobs to), in no particular order. */
const plugins: ModulePlugin[] = [
  jobsPlugin,
  healthPlugin,
  sitePlugin,
  smsPlugin,
  authPlugin,
  numbersPlugin,
  numberWatchPlugin,
  goodsPlugin,
  paymentsPlugin,
  logisticsPlugin,
  ordersPlugin,
  reviewsPlugin,
  customerPlugin,
  trackingPlugin,
  singlePagePlugin,
  iotCarrierPlugin,
  iotLayoutPlugin,
  iotCapabilitiesPlugin,
  iotSessionsPlugin,
  iotSimsPlugin,
  iotCarrierAccountsPlugin,
  iotCarrierReconPlugin,
  iotAuthPlugin,
  iotMoneyPlugin,
  uploadsPlugin,
  iotEngagePlugin,
  mallPlugin,
  iotAccountPlugin,
  oauthPlugin,
  iotCodesPlugin,
  iotDevicePlugin,
  iotAlertsPlugin,
  iotRulesPlugin,
  iotTimelinePlugin,
  agentsPlugin,
  adminPlugin,
  webhooksPlugin,
  agentApiPlugin,
];

interface PluginMeta {
  name: string;
  dependencies?: string[];
}

const metaOf = (plugin: ModulePlugin): PluginMeta => (plugin as unknown as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')]!;

/**
 * The plugins ordered so that each comes after the plugins it declares as dependencies (its
 * fastify-plugin `dependencies`); a missing or circular dependency stops the server with its name.
 */
export function inDependencyOrder(list: ModulePlugin[]): ModulePlugin[] {
  const byName = new Map(list.map((p) => [metaOf(p).name, p]));
  const ordered: ModulePlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, from: string) => {
    const plugin = byName.get(name);
    if (!plugin) throw new Error(`module ${from} depends on ${name}, which is not registered`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`modules depend on each other in a circle through ${name}`);
    state.set(name, 'visiting');
    for (const dependency of metaOf(plugin).dependencies ?? []) visit(dependency, name);
    state.set(name, 'done');
    ordered.push(plugin);
  };
  for (const p of list) visit(metaOf(p).name, 'the module list');
  return ordered;
}

/** Registers every domain module once, each after the modules it depends on. */
export async function registerModules(app: App): Promise<void> {
  for (const plugin of inDependencyOrder(plugins)) await app.register(plugin);
}
