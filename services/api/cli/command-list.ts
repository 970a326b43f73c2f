/**
 * The CLI's command list: one line per command. To add a command, write
 * `<name>.command.ts` exporting a `CliCommand` and add its export line here; nothing else
 * changes (`help` and dispatch read this list, sorted by command name).
 */
export { importCommand } from './import.command';
export { orgCreateCommand } from './org-create.command';
export { orgListCommand } from './org-list.command';
export { userCreateCommand } from './user-create.command';
export { userListCommand } from './user-list.command';
export { userResetPasswordCommand } from './user-reset-password.command';
export { userSetActiveCommand } from './user-set-active.command';
export { userSetServiceAdminCommand } from './user-set-service-admin.command';
export { harvestAddCommand } from './harvest-add.command';
export { harvestListCommand } from './harvest-list.command';
export { harvestRemoveCommand } from './harvest-remove.command';
export { harvestRunCommand } from './harvest-run.command';
