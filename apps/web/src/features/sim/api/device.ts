import type {
  DeviceCommand,
  DeviceSmsList,
  DeviceStatus,
  SecurityCentre,
  SwitchNetInfo,
  WifiSchedule,
  WirelessAuthList,
} from '@simshop/contract/iot-device';
import type { SimLoginCodeReply } from '@simshop/contract/iot-login';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get, post } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** A command is over once applied, timed out or failed. */
export const isFinal = (c: Pick<DeviceCommand, 'state'> | null | undefined) =>
  !!c && (c.state === 'applied' || c.state === 'timedOut' || c.state === 'failed');

function useIotKey(...rest: string[]) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return { queryKey: ['iot', simNo, ...rest] as const, enabled: loggedIn };
}

/** GET /api/iot/iotDevice/status: the device's last report (refreshed every 5 s while shown). */
export function useDeviceStatus() {
  const k = useIotKey('deviceStatus');
  return useQuery({ ...k, queryFn: () => get<DeviceStatus>('/api/iot/iotDevice/status'), refetchInterval: 5_000, retry: false });
}

/** GET /api/iot/iotDevice/commandList: the latest commands; polled while one is open. */
export function useDeviceCommands() {
  const k = useIotKey('deviceCommands');
  return useQuery({
    ...k,
    queryFn: () => get<{ list: DeviceCommand[] }>('/api/iot/iotDevice/commandList'),
    refetchInterval: (q) => (q.state.data?.list.some((c) => !isFinal(c)) ? 1_000 : false),
    retry: false,
  });
}

/** GET /api/iot/iotDevice/command: one command, polled every second until it is over. */
export function useDeviceCommand(commandId: string) {
  const k = useIotKey('deviceCommand', commandId);
  const queryClient = useQueryClient();
  const q = useQuery({
    ...k,
    enabled: k.enabled && commandId !== '',
    queryFn: () => get<DeviceCommand>('/api/iot/iotDevice/command', { commandId }),
    refetchInterval: (query) => (isFinal(query.state.data) ? false : 1_000),
  });
  const final = isFinal(q.data);
  // The device's new settings show everywhere once it has applied them (every IoT query but the commands').
  useEffect(() => {
    if (final)
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'iot' && query.queryKey[2] !== 'deviceCommand' });
  }, [final, queryClient]);
  return q;
}

type DeviceCall = 'setWiFiSsidPwd' | 'setWiFiDisplay' | 'restart' | 'close' | 'reset';

/** POST /api/iot/iotDevice/{call}: sends a command to the card's device. */
export function useDeviceCall(call: DeviceCall) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => post<DeviceCommand>(`/api/iot/iotDevice/${call}`, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'iot' && query.queryKey[2] !== 'deviceCommand' }),
  });
}

/** GET /api/iot/simSwitchNetInfo: the device's SIMs and the latest switch (polled while one is open). */
export function useSwitchNetInfo() {
  const k = useIotKey('switchNet', currentLanguage());
  return useQuery({
    ...k,
    queryFn: () => get<SwitchNetInfo>('/api/iot/simSwitchNetInfo'),
    refetchInterval: (q) => (q.state.data?.switching && !isFinal(q.state.data.switching) ? 1_000 : 10_000),
    retry: false,
  });
}

/** POST /api/iot/simSwitchNet */
export function useSwitchNet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { simNo?: string; deviceNetworkMode?: 1 | 2 }) => post<DeviceCommand>('/api/iot/simSwitchNet', body),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'iot' && query.queryKey[2] !== 'deviceCommand' }),
  });
}

/** POST /api/iot/deviceWirelessAuthList: phones that joined the device's Wi-Fi. */
export function useWirelessAuthList(offered: boolean) {
  const k = useIotKey('terminals');
  return useQuery({
    ...k,
    enabled: k.enabled && offered,
    queryFn: () => post<WirelessAuthList>('/api/iot/deviceWirelessAuthList', {}),
    refetchInterval: (q) =>
      q.state.data?.list.some((x) => x.commandState !== '' && !x.authorized && !['timedOut', 'failed'].includes(x.commandState))
        ? 1_000
        : 10_000,
    retry: false,
  });
}

export function useTerminalAuthSms() {
  return useMutation({
    mutationFn: (body: { mobile: string; mac: string }) => post<SimLoginCodeReply>('/api/iot/deviceTerminalAuthSms', body),
  });
}

export function useTerminalAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { mobile: string; mac: string; code: string }) => post<DeviceCommand>('/api/iot/deviceTerminalAuth', body),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'iot' && query.queryKey[2] !== 'deviceCommand' }),
  });
}

const open = (c: Pick<DeviceCommand, 'state'> | null | undefined) => !!c && !isFinal(c);
const openState = (state: string) => state !== '' && !['applied', 'timedOut', 'failed'].includes(state);

/** GET /api/iot/iotDevice/security: clients, AP isolation, the night schedule (polled every second while a command of it is open). */
export function useSecurityCentre(offered: boolean) {
  const k = useIotKey('security');
  return useQuery({
    ...k,
    enabled: k.enabled && offered,
    queryFn: () => get<SecurityCentre>('/api/iot/iotDevice/security'),
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && (open(d.apIsolationCommand) || open(d.scheduleCommand) || d.clients.some((x) => openState(x.commandState)))
        ? 1_000
        : 10_000;
    },
    retry: false,
  });
}

type SecurityCall =
  | { call: 'blockClient'; body: { mac: string; block: boolean } }
  | { call: 'apIsolation'; body: { enabled: boolean } }
  | { call: 'wifiSchedule'; body: WifiSchedule };

/** POST /api/iot/iotDevice/{blockClient|apIsolation|wifiSchedule}: a command to the device; the centre is read again. */
export function useSecurityCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: SecurityCall) => post<DeviceCommand>(`/api/iot/iotDevice/${c.call}`, c.body),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'iot' && query.queryKey[2] !== 'deviceCommand' }),
  });
}

/** GET /api/iot/iotDevice/smsList: the messages the device's SIM received. */
export function useDeviceSms(offered: boolean) {
  const k = useIotKey('deviceSms');
  return useQuery({
    ...k,
    enabled: k.enabled && offered,
    queryFn: () => get<DeviceSmsList>('/api/iot/iotDevice/smsList'),
    refetchInterval: 15_000,
    retry: false,
  });
}

/** POST /api/iot/iotDevice/smsRead */
export function useReadSms() {
  const queryClient = useQueryClient();
  const k = useIotKey('deviceSms');
  return useMutation({
    mutationFn: (id: number) => post<DeviceSmsList>('/api/iot/iotDevice/smsRead', { id }),
    onSuccess: (inbox) => {
      queryClient.setQueryData(k.queryKey, inbox);
      void queryClient.invalidateQueries({ queryKey: [...k.queryKey.slice(0, 2), 'security'] });
    },
  });
}
