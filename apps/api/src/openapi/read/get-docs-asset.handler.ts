import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainException, notFound } from '@paykit/kernel';
import { DOCS_ASSETS, docsAsset } from '../docs-page.js';

export interface DocsAsset {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/** `GET /docs/assets/:file`: one file of the reference page's allow-list; any other name is a 404. */
export class GetDocsAsset extends Query<DocsAsset> {
  constructor(readonly file: string) {
    super();
  }
}

@QueryHandler(GetDocsAsset)
export class GetDocsAssetHandler implements IQueryHandler<GetDocsAsset> {
  execute({ file }: GetDocsAsset): Promise<DocsAsset> {
    const bytes = docsAsset(file);
    if (!bytes) throw new DomainException(notFound());
    return Promise.resolve({ bytes, contentType: DOCS_ASSETS[file]! });
  }
}
