import { draftDoc } from '../entities.ts';
import { rxSchemaOf } from './from-zod.ts';

export const draftRxSchema = rxSchemaOf(draftDoc, { title: 'drafts', fields: { id: { maxLength: 8 } } });
