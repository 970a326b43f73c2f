import type { Config } from '../config';
import type { CswService } from '../csw/csw-service';
import { verifySmtp } from '../notify/email-sender';
import { checkWhatsAppGateway } from '../notify/whatsapp-sender';
import type { ObjectStore } from '../objectstore/object-store';
import { PROBE_TIMEOUT_MS, runProbe, type ComponentStatus, type Probe } from './probe-runner';

/**
 * The system status of the admin page: one real probe per external component, run in
 * parallel, each bounded by STATUS_PROBE_TIMEOUT_MS (PROBE_TIMEOUT_MS by default), so the whole answer takes at most about that
 * long whatever is down. Nothing is cached: the page is opened to find out what is true now.
 */
export interface CswStatus {
  provider: 'builtin' | 'external';
  healthy: boolean;
  detail?: string;
}

export interface SystemStatus {
  smtp: ComponentStatus;
  wa: ComponentStatus;
  objectstore: ComponentStatus & { backend: ObjectStore['kind'] };
  csw: CswStatus;
  checkedAt: string;
}

export interface ComponentProbes {
  smtp: Probe;
  wa: Probe;
  objectstore: Probe;
  csw: Probe;
}

export interface ProbeDeps {
  config: Pick<Config, 'smtpUrl' | 'waGatewayUrl' | 'waGatewayToken' | 'csw'> & Partial<Pick<Config, 'statusProbeTimeoutMs'>>;
  objectStore: ObjectStore;
  /** the built-in CSW service; used when csw.provider is builtin */
  cswService?: Pick<CswService, 'handle'>;
}

const notConfigured = (what: string): ComponentStatus => ({ connected: false, detail: `Belum dikonfigurasi (${what} kosong)` });

/** A GetCapabilities answer counts as healthy when it is a 200 Capabilities document, not an ExceptionReport. */
function checkCapabilities(status: number, body: string): ComponentStatus {
  if (status !== 200) return { connected: false, detail: `GetCapabilities menjawab HTTP ${status}` };
  if (/ExceptionReport/.test(body.slice(0, 2_000)) || !/Capabilities/.test(body.slice(0, 2_000))) {
    return { connected: false, detail: 'GetCapabilities tidak mengembalikan dokumen Capabilities' };
  }
  return { connected: true };
}

const CAPABILITIES_QUERY = { service: 'CSW', request: 'GetCapabilities', acceptVersions: '2.0.2' };

export function createComponentProbes(deps: ProbeDeps): ComponentProbes {
  const { config, objectStore } = deps;
  return {
    async smtp() {
      if (!config.smtpUrl) return notConfigured('SMTP_URL');
      // nodemailer has its own timers; set them just under the deadline so the socket is closed by it
      await verifySmtp(config.smtpUrl, (config.statusProbeTimeoutMs ?? PROBE_TIMEOUT_MS) - 100);
      return { connected: true };
    },

    async wa(signal) {
      if (!config.waGatewayUrl) return notConfigured('WA_GATEWAY_URL');
      await checkWhatsAppGateway(config.waGatewayUrl, config.waGatewayToken, signal);
      return { connected: true };
    },

    async objectstore(signal) {
      await objectStore.check({ signal });
      return { connected: true, detail: objectStore.kind === 'directory' ? 'Direktori lokal di DATA_DIR (OBJECTSTORE_URL kosong)' : objectStore.location };
    },

    async csw(signal) {
      if (config.csw.provider === 'external') {
        const url = new URL(config.csw.upstreamUrl!);
        for (const [k, v] of Object.entries(CAPABILITIES_QUERY)) url.searchParams.set(k, v);
        const res = await fetch(url, { signal });
        return checkCapabilities(res.status, await res.text());
      }
      if (!deps.cswService) return { connected: false, detail: 'Layanan CSW bawaan tidak tersedia' };
      const res = await deps.cswService.handle({ method: 'GET', query: CAPABILITIES_QUERY });
      return checkCapabilities(res.status, res.body);
    },
  };
}

export async function collectSystemStatus(probes: ComponentProbes, deps: Pick<ProbeDeps, 'config' | 'objectStore'>): Promise<SystemStatus> {
  const deadline = deps.config.statusProbeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const [smtp, wa, objectstore, csw] = await Promise.all([
    runProbe(probes.smtp, deadline), runProbe(probes.wa, deadline), runProbe(probes.objectstore, deadline), runProbe(probes.csw, deadline),
  ]);
  return {
    smtp,
    wa,
    objectstore: { ...objectstore, backend: deps.objectStore.kind },
    csw: { provider: deps.config.csw.provider, healthy: csw.connected, ...(csw.detail ? { detail: csw.detail } : {}) },
    checkedAt: new Date().toISOString(),
  };
}
