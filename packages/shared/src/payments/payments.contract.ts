import { z } from 'zod';
import { emptyResponse, endpoint, idSchema } from '../http';
import { mediaResponse } from '../media/media.schema';
import {
  linkActivityBody,
  linkInitiativeBody,
  linkTargetSchema,
  paymentBody,
  paymentPatch,
  paymentSchema,
  paymentsQuery,
  paymentsResponse,
  userPaymentsQuery,
  userPaymentsResponse,
} from './payments.schema';

const paymentParams = z.object({ paymentId: idSchema });

export const paymentsContract = {
  create: endpoint({
    method: 'POST',
    path: '/payment',
    summary: 'Record a manual payment in an initiative or activity (create_payment on it)',
    body: paymentBody,
    response: paymentSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/payment/:paymentId',
    summary: 'Read a payment with its links and attachments',
    public: true,
    params: paymentParams,
    response: paymentSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/payment/:paymentId',
    summary: "Edit a payment's changed fields; a bank payment's bank fields are locked",
    params: paymentParams,
    body: paymentPatch,
    response: paymentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/payment/:paymentId',
    summary: 'Delete a manual payment with its attachments (bank payments are hidden instead)',
    params: paymentParams,
    response: emptyResponse,
    status: 204,
  }),
  linkInitiative: endpoint({
    method: 'PATCH',
    path: '/payment/:paymentId/initiative',
    summary: 'Link the payment to an initiative, or unlink it (null or -1)',
    params: paymentParams,
    body: linkInitiativeBody,
    response: paymentSchema,
  }),
  linkActivity: endpoint({
    method: 'PATCH',
    path: '/payment/:paymentId/activity',
    summary: 'Link the payment to an activity of its initiative, or unlink it (null or -1)',
    params: paymentParams,
    body: linkActivityBody,
    response: paymentSchema,
  }),
  addAttachments: endpoint({
    method: 'POST',
    path: '/payment/:paymentId/attachments',
    summary: 'Add receipts (multipart field "files", repeatable; pdf, png or jpeg)',
    bodyType: 'multipart',
    params: paymentParams,
    response: mediaResponse,
  }),
  removeAttachment: endpoint({
    method: 'DELETE',
    path: '/payment/:paymentId/attachment/:attachmentId',
    summary: 'Remove one receipt and its files',
    params: z.object({ paymentId: idSchema, attachmentId: idSchema }),
    response: emptyResponse,
    status: 204,
  }),
  initiative: endpoint({
    method: 'GET',
    path: '/payments/initiative/:initiativeId',
    summary: "The initiative's visible payments (its activities' too), newest first, filtered",
    public: true,
    params: z.object({ initiativeId: idSchema }),
    query: paymentsQuery,
    response: paymentsResponse,
  }),
  activity: endpoint({
    method: 'GET',
    path: '/payments/initiative/:initiativeId/activity/:activityId',
    summary: "The activity's visible payments, newest first, filtered",
    public: true,
    params: z.object({ initiativeId: idSchema, activityId: idSchema }),
    query: paymentsQuery,
    response: paymentsResponse,
  }),
  user: endpoint({
    method: 'GET',
    path: '/payments/user/:userId',
    summary:
      "Payments the user may link or manage: their bank accounts', initiatives' and activities'",
    params: z.object({ userId: idSchema }),
    query: userPaymentsQuery,
    response: userPaymentsResponse,
  }),
  linkableInitiatives: endpoint({
    method: 'GET',
    path: '/auth/entity-access/linkable-initiatives',
    summary: 'Initiatives the caller may link payments to (link_payment)',
    response: z.object({ initiatives: z.array(linkTargetSchema) }),
  }),
  linkableActivities: endpoint({
    method: 'GET',
    path: '/auth/entity-access/initiative/:initiativeId/linkable-activities',
    summary: "The initiative's activities the caller may link payments to (link_payment)",
    params: z.object({ initiativeId: idSchema }),
    response: z.object({ activities: z.array(linkTargetSchema) }),
  }),
};
