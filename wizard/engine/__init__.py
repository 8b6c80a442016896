"""From answers to the assessment: derived facts, the closed set of condition operators, quantities
and money, answers checked against the vocabulary and against each other, the verdict with its
sections, what the ordinance says beyond it, and the words the result is told in. Reads the rule
book (wizard/rules/); imports no Flask, no storage, no printing."""
