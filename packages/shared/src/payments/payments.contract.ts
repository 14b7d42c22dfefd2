import { z } from 'zod';
import { emptyResponse, endpoint, idSchema } from '../http';
import { mediaResponse } from '../media/media.schema';
import {
  exportFileResponse,
  exportQuery,
  linkActivityBody,
  linkInitiativeBody,
  linkTargetSchema,
  paymentBody,
  paymentPatch,
  paymentSchema,
  paymentsQuery,
  paymentsResponse,
  reviewBody,
  reviewSummarySchema,
  userPaymentsQuery,
  userPaymentsResponse,
} from './payments.schema';
import { routeTable } from './payments.routes';
import { bulkLinkBody } from './suggestions.schema';

const paymentParams = z.object({ paymentId: idSchema });

export const paymentsContract = {
  create: endpoint({
    ...routeTable.create,
    summary: 'Record a manual payment in an initiative or activity (create_payment on it)',
    body: paymentBody,
    response: paymentSchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read a payment with its links and attachments',
    params: paymentParams,
    response: paymentSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: "Edit a payment's changed fields; a bank payment's bank fields are locked",
    params: paymentParams,
    body: paymentPatch,
    response: paymentSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete a manual payment with its attachments (bank payments are hidden instead)',
    params: paymentParams,
    response: emptyResponse,
  }),
  linkInitiative: endpoint({
    ...routeTable.linkInitiative,
    summary: 'Link the payment to an initiative, or unlink it (null or -1)',
    params: paymentParams,
    body: linkInitiativeBody,
    response: paymentSchema,
  }),
  linkActivity: endpoint({
    ...routeTable.linkActivity,
    summary: 'Link the payment to an activity of its initiative, or unlink it (null or -1)',
    params: paymentParams,
    body: linkActivityBody,
    response: paymentSchema,
  }),
  bulkLink: endpoint({
    ...routeTable.bulkLink,
    summary:
      'Link many payments at once, all or nothing (each as the link calls would); undo sends the links from before',
    body: bulkLinkBody,
    response: z.object({ payments: z.array(paymentSchema) }),
  }),
  addAttachments: endpoint({
    ...routeTable.addAttachments,
    summary: 'Add receipts (multipart field "files", repeatable; pdf, png or jpeg)',
    params: paymentParams,
    response: mediaResponse,
  }),
  removeAttachment: endpoint({
    ...routeTable.removeAttachment,
    summary: 'Remove one receipt and its files',
    params: z.object({ paymentId: idSchema, attachmentId: idSchema }),
    response: emptyResponse,
  }),
  review: endpoint({
    ...routeTable.review,
    summary:
      'Approve an expense, or reject it with a comment (review: admins, officers of the regulation, overseers of the grant)',
    params: paymentParams,
    body: reviewBody,
    response: paymentSchema,
  }),
  reopen: endpoint({
    ...routeTable.reopen,
    summary: "Reopen an expense's review: it is open again, and an approved one editable",
    params: paymentParams,
    response: paymentSchema,
  }),
  reviewSummary: endpoint({
    ...routeTable.reviewSummary,
    summary:
      "How much of the initiative's spending is reviewed, approved, rejected and open (callers who see reviews)",
    params: z.object({ initiativeId: idSchema }),
    response: reviewSummarySchema,
  }),
  initiative: endpoint({
    ...routeTable.initiative,
    summary: "The initiative's visible payments (its activities' too), newest first, filtered",
    params: z.object({ initiativeId: idSchema }),
    query: paymentsQuery,
    response: paymentsResponse,
  }),
  activity: endpoint({
    ...routeTable.activity,
    summary: "The activity's visible payments, newest first, filtered",
    params: z.object({ initiativeId: idSchema, activityId: idSchema }),
    query: paymentsQuery,
    response: paymentsResponse,
  }),
  initiativeExport: endpoint({
    ...routeTable.initiativeExport,
    summary: "The initiative's visible payments as a CSV or XLSX file, newest first, filtered",
    params: z.object({ initiativeId: idSchema }),
    query: exportQuery,
    response: exportFileResponse,
  }),
  activityExport: endpoint({
    ...routeTable.activityExport,
    summary: "The activity's visible payments as a CSV or XLSX file, newest first, filtered",
    params: z.object({ initiativeId: idSchema, activityId: idSchema }),
    query: exportQuery,
    response: exportFileResponse,
  }),
  user: endpoint({
    ...routeTable.user,
    summary:
      "Payments the user may link or manage: their bank accounts', initiatives' and activities'",
    params: z.object({ userId: idSchema }),
    query: userPaymentsQuery,
    response: userPaymentsResponse,
  }),
  linkableInitiatives: endpoint({
    ...routeTable.linkableInitiatives,
    summary: 'Initiatives the caller may link payments to (link_payment)',
    response: z.object({ initiatives: z.array(linkTargetSchema) }),
  }),
  linkableActivities: endpoint({
    ...routeTable.linkableActivities,
    summary: "The initiative's activities the caller may link payments to (link_payment)",
    params: z.object({ initiativeId: idSchema }),
    response: z.object({ activities: z.array(linkTargetSchema) }),
  }),
};
