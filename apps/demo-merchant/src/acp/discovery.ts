import { type FastifyInstance } from 'fastify';
import { originOf } from '../origin.js';
import { type AcpVersion } from './versions.js';

export const DISCOVERY_PATH = '/.well-known/acp.json';
/** The `rel` of the `<link>` every page carries to the discovery document (this shop's convention). */
export const DISCOVERY_LINK_REL = 'agentic-checkout';

/** The ACP discovery document (RFC "Agentic Checkout — Discovery"): where the API lives and what it speaks. */
export const discoveryDocument = (origin: string, versions: readonly AcpVersion[]): Record<string, unknown> => ({
  protocol: { name: 'acp', version: versions[versions.length - 1], supported_versions: versions },
  api_base_url: origin,
  transports: ['rest'],
  capabilities: {
    services: ['checkout', 'delegate_payment'],
    supported_currencies: ['usd'],
    supported_locales: ['en-US'],
  },
});

export const discoveryRoutes = async (
  scope: FastifyInstance,
  options: { readonly publicUrl?: string; readonly versions: readonly AcpVersion[] },
): Promise<void> => {
  scope.get(DISCOVERY_PATH, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .send(discoveryDocument(originOf(request, options.publicUrl), options.versions)),
  );
};
