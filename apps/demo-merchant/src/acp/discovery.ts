import { type FastifyInstance } from 'fastify';
import { originOf } from '../origin.js';
import { SUPPORTED_VERSIONS } from './versions.js';

export const DISCOVERY_PATH = '/.well-known/acp.json';
/** The `rel` of the `<link>` every page carries to the discovery document (this shop's convention). */
export const DISCOVERY_LINK_REL = 'agentic-checkout';

/** The ACP discovery document (RFC "Agentic Checkout — Discovery"): where the API lives and what it speaks. */
export const discoveryDocument = (origin: string): Record<string, unknown> => ({
  protocol: {
    name: 'acp',
    version: SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1],
    supported_versions: SUPPORTED_VERSIONS,
  },
  api_base_url: origin,
  transports: ['rest'],
  capabilities: { services: ['checkout'], supported_currencies: ['usd'], supported_locales: ['en-US'] },
});

export const discoveryRoutes = async (scope: FastifyInstance, options: { readonly publicUrl?: string }): Promise<void> => {
  scope.get(DISCOVERY_PATH, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(discoveryDocument(originOf(request, options.publicUrl))),
  );
};
