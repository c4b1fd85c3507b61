// A bug deep down (issue 47): a W-bit phase counter and a 16-bit LFSR step together when `go`
// is high, and the assertion fails once the phase reaches N with bit 1 of the LFSR set. With
// W = 6, N = 59 (the defaults: issue 47's design) the shortest counterexample has 59 steps;
// with W = 10, N = 700 it has 700. BMC finds such a bug at once; IC3 has to block every
// shorter phase first, one frame per step. Made into deep59.aag and deep700.aag by
// deep59.ys and deep700.ys: yosys -q deep59.ys
module deep #(parameter W = 6, parameter N = 59) (input clk, input go, output reg [15:0] r);
  reg [W-1:0] phase;
  initial begin
    r = 16'h1;
    phase = 0;
  end
  always @(posedge clk) if (go) begin
    phase <= phase + 1'b1;
    r <= {r[14:0], r[15] ^ r[13] ^ r[12] ^ r[10]};
  end
  always @* no_magic: assert (!(phase == N && r[1]));
endmodule
