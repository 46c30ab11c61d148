/** GET /openapi.json: the API's OpenAPI 3.1 document (document.ts). */
import { Router } from 'express';
import { openApiBody } from './document';

export function openApiRouter(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(openApiBody());
  });
  return router;
}
