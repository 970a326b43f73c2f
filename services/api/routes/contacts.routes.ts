import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';

/**
 * `/api/contacts`: the caller's organisation's contact directory
 * (libs/catalogue/contact-directory.ts): every member reads it, its ADMIN changes it.
 */
export function contactsRoutes(deps: AppDeps): Router {
  const { contactDirectory: dir } = deps;
  const r = Router();
  const priv = { 'Cache-Control': 'private, no-cache' };
  r.get('/', requireAuth, async (req, res) => {
    res.set(priv).json(await dir.list(actorOf(req), req.query as Record<string, unknown>));
  });
  r.post('/', requireAuth, async (req, res) => {
    const c = await dir.create(actorOf(req), req.body);
    res.status(201).location(`/api/contacts/${c.id}`).set(priv).json(c);
  });
  r.get('/:id', requireAuth, async (req, res) => {
    res.set(priv).json(await dir.get(actorOf(req), req.params.id as string));
  });
  r.put('/:id', requireAuth, async (req, res) => {
    res.set(priv).json(await dir.update(actorOf(req), req.params.id as string, req.body));
  });
  r.delete('/:id', requireAuth, async (req, res) => {
    await dir.remove(actorOf(req), req.params.id as string);
    res.status(204).end();
  });
  r.post('/:id/merge', requireAuth, async (req, res) => {
    res.set(priv).json(await dir.merge(actorOf(req), req.params.id as string, req.body));
  });
  return r;
}
