/** GET /openapi.json: the API's OpenAPI 3.1 document (document.ts). */
import type { Router } from 'express';
import { apiRouter } from '../routes/api-router';
import { openApiBody } from './document';

export function openApiRouter(): Router {
  const router = apiRouter();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(openApiBody());
  });
  return router;
}
