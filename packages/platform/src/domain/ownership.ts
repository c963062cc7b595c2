/**
 * Every resource belongs to exactly one project. A caller from another project must not learn
 * that a resource exists, so handlers treat "not yours" exactly like "not there".
 */
export const isOwnedBy =
  (projectId: string) =>
  <Resource extends { readonly projectId: string }>(resource: Resource | null | undefined): resource is Resource =>
    resource !== null && resource !== undefined && resource.projectId === projectId;
