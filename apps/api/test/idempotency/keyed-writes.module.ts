import { randomUUID } from 'node:crypto';
import { Body, Controller, Injectable, Module } from '@nestjs/common';
import { DomainException, conflict } from '@paykit/kernel';
import { z } from 'zod';
import { type KeyedWrite, KeyedWriteOf } from '../../src/http/idempotency/keyed-write.js';
import { Route } from '../../src/http/routes/route.decorator.js';

const Note = z.object({ text: z.string().min(1) });
const Created = z.object({ noteId: z.string(), draftId: z.string(), text: z.string() });
type Created = z.infer<typeof Created>;

/** What a keyed write leaves behind: the resource, found again by its derived id. */
@Injectable()
export class Notes {
  readonly byId = new Map<string, { fingerprint: string; created: Created }>();
}

/** Two routes that make the key part of what they write (ADR 0305), as real resources do. */
@Controller('test-keyed')
class KeyedWritesController {
  constructor(private readonly notes: Notes) {}

  @Route({
    method: 'POST',
    path: 'notes',
    public: true,
    idempotency: 'resource',
    summary: 'Create a note, its id derived from the key',
    body: Note,
    responses: { 201: Created },
  })
  create(@Body() body: z.infer<typeof Note>, @KeyedWriteOf() keyed: KeyedWrite | undefined): Created {
    return this.write(body, keyed);
  }

  @Route({
    method: 'POST',
    path: 'notes/copies',
    public: true,
    idempotency: 'resource',
    summary: 'The same write on another route',
    body: Note,
    responses: { 201: Created },
  })
  copy(@Body() body: z.infer<typeof Note>, @KeyedWriteOf() keyed: KeyedWrite | undefined): Created {
    return this.write(body, keyed);
  }

  private write(body: z.infer<typeof Note>, keyed: KeyedWrite | undefined): Created {
    if (keyed === undefined) return { noteId: randomUUID(), draftId: randomUUID(), text: body.text };
    const noteId = keyed.resourceId('note');
    const found = this.notes.byId.get(noteId);
    if (found !== undefined && found.fingerprint !== keyed.fingerprint)
      throw new DomainException(conflict('idempotency_key_reused', 'Key used with another request'));
    if (found !== undefined) {
      keyed.markReplayed();
      return found.created;
    }
    const created = { noteId, draftId: keyed.resourceId('draft'), text: body.text };
    this.notes.byId.set(noteId, { fingerprint: keyed.fingerprint, created });
    return created;
  }
}

@Module({ controllers: [KeyedWritesController], providers: [Notes] })
export class KeyedWritesModule {}
