"""The column heads (row 5) of the shipped workbooks as a Portuguese table reads them, asserted
by the workbook tests (tests/workbooks/) and the translation tests (tests/i18n/) alike."""

# The King boletim: Nº to Positivos (A to N), then Total, Controlo and Observação (X to Z).
KING_BOLETIM_HEADS_PT = [
    "Nº",
    "Mão",
    "Beneficiário",
    "Contrato",
    "Trunfo",
    "Ofertante",
    "Vazas oferecidas",
    "Penalidade",
    "Faltosos",
    "Valor",
    "Unidades",
    "Qtd",
    "Negativos",
    "Positivos",
    "Total",
    "Controlo",
    "Observação",
]

# The Quatrilho planilha, Nº to Multado 2 (A to L).
QUATRILHO_PLANILHA_HEADS_PT = [
    "Nº",
    "Dá",
    "Entrada",
    "Quem",
    "Parceiro / Deu",
    "Figuras",
    "Vazas",
    "Coringa",
    "Multa",
    "Multado",
    "Multa 2",
    "Multado 2",
]
