"""Rulings at the table: a situation or a question read (:mod:`.input`, :mod:`.question`),
answered under every profile of its game (:mod:`.judge`), its rules cited and its report
worded as a player reads it (:mod:`.report`). The rulebook's page on asking for a ruling is
:mod:`trickrules.rulebook.questions_page`."""
