export { oneClickUnsubscribeRoutes, remindersRoutes } from './reminders.routes';
export { scheduleReceiptReminders } from './reminders.jobs';
