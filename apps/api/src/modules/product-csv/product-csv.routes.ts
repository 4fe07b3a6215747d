import multipart from '@fastify/multipart';
import { ErrorDetail } from '@platform/contracts';
import { AdminProductListQuery } from '@platform/contracts/admin-catalog';
import { AdminItemParams } from '@platform/contracts/admin-content';
import {
  PRODUCT_CSV_MAX_BYTES,
  ProductImportJob,
  ProductImportQuery,
  ProductImportReport,
} from '@platform/contracts/product-csv';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { exportProductsCsv } from './product-csv.export.ts';
import { getImportJob, importProductsCsv } from './product-csv.import.ts';

/** The content types browsers and tools send a `.csv` file with (Windows names it after Excel). */
const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel']);

/** The text of the upload's one file part `file`: a CSV file of UTF-8 text within the size limit; else 400. */
async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data, in the field "file".');
  }
  const errors = request.server.multipartErrors;
  let bytes: Buffer | null = null;
  let notCsv = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // Read (within the size limit) even when refused: the body is consumed before the answer.
      const data = await part.toBuffer();
      const named = part.filename.toLowerCase().endsWith('.csv');
      if (part.fieldname !== 'file' || !(named || CSV_TYPES.has(part.mimetype))) notCsv = true;
      else bytes = data;
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) {
      throw new BadRequestError(`The file is larger than ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB.`, 'invalid_csv');
    }
    if (error instanceof errors.FilesLimitError || error instanceof errors.PartsLimitError) {
      throw new BadRequestError('Send one CSV file.', 'invalid_upload');
    }
    throw error;
  }
  if (notCsv) throw new BadRequestError('Upload a CSV file (.csv).', 'invalid_csv');
  if (!bytes) throw new ValidationError({ file: ['No file was uploaded.'] });
  if (bytes.includes(0)) throw new BadRequestError('Upload a CSV file (.csv): this one is not text.', 'invalid_csv');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError('Save the CSV file as UTF-8 text.', 'invalid_csv');
  }
}

/** `/admin/products/export/` and `/admin/products/import/`: the shop's products as a CSV file, and back. */
export const productCsvAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
  });
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/products/export/',
    { schema: { ...schema, querystring: AdminProductListQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(await exportProductsCsv(request.ctx, request.query)),
  );

  // Imports under way in this process: the app's close waits for them, so that none is cut off between batches.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    '/products/import/',
    {
      schema: {
        ...schema,
        consumes: ['multipart/form-data'],
        querystring: ProductImportQuery,
        response: {
          200: ProductImportReport,
          202: ProductImportJob,
          ...errorResponses,
          400: ProductImportReport.or(errorResponses[400]),
          415: ErrorDetail,
        },
      },
    },
    async (request, reply) => {
      const text = await readCsvUpload(request);
      const answer = await importProductsCsv(request.ctx, { text, dryRun: request.query.dry_run });
      if (answer.kind !== 'job') return reply.code(answer.kind === 'report' ? 200 : 400).send(answer.report);
      const job = answer.running
        .catch((error: unknown) => request.log.error({ err: error, job: answer.job.id }, 'product import failed'))
        .finally(() => running.delete(job));
      running.add(job);
      return reply.code(202).send(answer.job);
    },
  );

  app.get(
    '/products/import/jobs/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: ProductImportJob, ...errorResponses } } },
    async (request) => getImportJob(request.ctx, request.params.id),
  );
};
