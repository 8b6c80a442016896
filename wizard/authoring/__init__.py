"""What rule authors and the loader use: every check of a rule file (`checks/`, all problems at once
with file:line), the record of files that passed (`checkrecord`), loading the checked rule book
for use (`loader`), a new file's skeleton, the generated vocabulary page and the interview drawn
as a flow diagram. Built on the engine and the interview flow, which the checks run."""
